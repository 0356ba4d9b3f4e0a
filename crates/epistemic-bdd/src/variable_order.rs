//! The BDD variable order: the FORCE heuristic (Aloul, Markov & Sakallah, GLSVLSI 2003) over the propnet.
//! Each gate whose support (the bases and inputs it reads) is small is a hyperedge; FORCE moves every
//! variable to the mean centre of its hyperedges and re-sorts, keeping the order with the least total span.
//! Variables read together (a cell's three values, the moves that mark it, its `tried` flag) end up side by
//! side, which keeps the reachable set and the transition functions small, with nothing game-specific.

use propnet_core::Ir;

/// Supports wider than this are not hyperedges (they connect everything and pull nothing together).
const WIDEST_EDGE: usize = 24;
const ROUNDS: usize = 200;

/// Kinds of unit placed by the order: a base (two BDD variables, current and next), an input, or one
/// role's percept (a variable of the knowledge computation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Base(usize),
    Input(usize),
    Percept(usize),
}

/// The units in BDD order.
pub fn variable_order(ir: &Ir) -> Vec<Unit> {
    let bases = ir.base_gate.len();
    let inputs = ir.input_gate.len();
    let percepts = ir.sees_gate.len();
    let units = bases + inputs + percepts;
    let edges = hyperedges(ir, bases, inputs);
    // Start from the IR order (bases, inputs, percepts).
    let mut pos: Vec<f64> = (0..units).map(|u| u as f64).collect();
    let mut best = pos.clone();
    let mut best_span = span(&edges, &pos);
    let mut incident: Vec<Vec<u32>> = vec![Vec::new(); units];
    for (e, edge) in edges.iter().enumerate() {
        for &u in edge {
            incident[u as usize].push(e as u32);
        }
    }
    let mut centre = vec![0.0; edges.len()];
    for _ in 0..ROUNDS {
        for (e, edge) in edges.iter().enumerate() {
            centre[e] = edge.iter().map(|&u| pos[u as usize]).sum::<f64>() / edge.len() as f64;
        }
        let target: Vec<f64> = (0..units)
            .map(|u| {
                let inc = &incident[u];
                if inc.is_empty() {
                    pos[u]
                } else {
                    inc.iter().map(|&e| centre[e as usize]).sum::<f64>() / inc.len() as f64
                }
            })
            .collect();
        let mut rank: Vec<usize> = (0..units).collect();
        rank.sort_by(|&a, &b| {
            target[a]
                .total_cmp(&target[b])
                .then(pos[a].total_cmp(&pos[b]))
        });
        for (r, &u) in rank.iter().enumerate() {
            pos[u] = r as f64;
        }
        let s = span(&edges, &pos);
        if s < best_span {
            best_span = s;
            best = pos.clone();
        }
    }
    let mut order: Vec<usize> = (0..units).collect();
    order.sort_by(|&a, &b| best[a].total_cmp(&best[b]));
    order.into_iter().map(|u| unit(u, bases, inputs)).collect()
}

/// The unit of a code: bases first, then inputs, then percepts.
fn unit(code: usize, bases: usize, inputs: usize) -> Unit {
    if code < bases {
        Unit::Base(code)
    } else if code < bases + inputs {
        Unit::Input(code - bases)
    } else {
        Unit::Percept(code - bases - inputs)
    }
}

/// Sum over hyperedges of the distance between their first and last unit.
fn span(edges: &[Vec<u32>], pos: &[f64]) -> f64 {
    edges
        .iter()
        .map(|e| {
            let (lo, hi) = e.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &u| {
                (lo.min(pos[u as usize]), hi.max(pos[u as usize]))
            });
            hi - lo
        })
        .sum()
}

/// The distinct small supports of the gates (units numbered bases, then inputs, then percepts); a base's
/// next-value gate is joined with the base, a percept's gate with the percept.
fn hyperedges(ir: &Ir, bases: usize, inputs: usize) -> Vec<Vec<u32>> {
    let gates = ir.gate_count;
    // None: wider than WIDEST_EDGE.
    let mut support: Vec<Option<Vec<u32>>> = vec![Some(Vec::new()); gates];
    for (b, &g) in ir.base_gate.iter().enumerate() {
        support[g as usize] = Some(vec![b as u32]);
    }
    for (i, &g) in ir.input_gate.iter().enumerate() {
        support[g as usize] = Some(vec![(bases + i) as u32]);
    }
    for g in ir.first_logic..gates {
        let mut acc: Vec<u32> = Vec::new();
        let mut wide = false;
        for &f in ir.fanin_of(g) {
            match &support[f as usize] {
                None => wide = true,
                Some(s) => acc.extend_from_slice(s),
            }
            if wide {
                break;
            }
            acc.sort_unstable();
            acc.dedup();
            if acc.len() > WIDEST_EDGE {
                wide = true;
                break;
            }
        }
        support[g] = if wide { None } else { Some(acc) };
    }
    let mut edges: std::collections::HashSet<Vec<u32>> = std::collections::HashSet::new();
    let mut add = |mut e: Vec<u32>| {
        e.sort_unstable();
        e.dedup();
        if e.len() >= 2 && e.len() <= WIDEST_EDGE {
            edges.insert(e);
        }
    };
    for s in support[ir.first_logic..].iter().flatten() {
        add(s.clone());
    }
    for (b, &next) in ir.base_next.iter().enumerate() {
        if let Some(s) = &support[next as usize] {
            let mut e = s.clone();
            e.push(b as u32);
            add(e);
        }
    }
    for (k, &g) in ir.sees_gate.iter().enumerate() {
        if let Some(s) = &support[g as usize] {
            let mut e = s.clone();
            e.push((bases + inputs + k) as u32);
            add(e);
        }
    }
    let mut out: Vec<Vec<u32>> = edges.into_iter().collect();
    out.sort();
    out
}

/// An order given as unit codes (base b: b, input i: bases + i, percept k: bases + inputs + k); it must
/// name every unit once.
pub fn decode_order(codes: &[u32], ir: &Ir) -> Result<Vec<Unit>, String> {
    let bases = ir.base_gate.len();
    let inputs = ir.input_gate.len();
    let units = bases + inputs + ir.sees_gate.len();
    let mut seen = vec![false; units];
    if codes.len() != units {
        return Err(format!(
            "a variable order names {} units, the net has {units}",
            codes.len()
        ));
    }
    codes
        .iter()
        .map(|&c| {
            let u = c as usize;
            if u >= units || seen[u] {
                return Err(format!(
                    "unit {u} is out of range or named twice in the variable order"
                ));
            }
            seen[u] = true;
            Ok(unit(u, bases, inputs))
        })
        .collect()
}
