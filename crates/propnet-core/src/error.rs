//! Errors of the propnet core: a malformed IR or a bad argument is reported, never a panic.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CoreError {
    /// The IR breaks one of its invariants (IR.md); the message names the array and index.
    InvalidIr(String),
    /// A state bit set has the wrong number of words.
    BadState { expected: usize, got: usize },
    /// A role index, legal-move index or similar argument is out of range.
    BadArgument(String),
    /// The move of `role` in a joint move is not one of its legal moves in the state.
    IllegalMove { role: usize },
    /// A role has no legal move in a non-terminal state (an ill-formed game).
    NoLegalMove { role: usize },
}

impl fmt::Display for CoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoreError::InvalidIr(what) => write!(f, "invalid propnet IR: {what}"),
            CoreError::BadState { expected, got } => {
                write!(f, "a state of this game has {expected} words, got {got}")
            }
            CoreError::BadArgument(what) => write!(f, "bad argument: {what}"),
            CoreError::IllegalMove { role } => {
                write!(f, "the move of role {role} is not legal in this state")
            }
            CoreError::NoLegalMove { role } => {
                write!(f, "role {role} has no legal move in a non-terminal state")
            }
        }
    }
}

impl std::error::Error for CoreError {}

pub type Result<T> = std::result::Result<T, CoreError>;
