//! The calling thread's CPU time, for timing trials that must not count the time other processes held the
//! core (calibrate.rs: on a loaded machine a few milliseconds of wall time are mostly someone else's).
//! `clock_gettime(CLOCK_THREAD_CPUTIME_ID)` from the C library on Linux and macOS; elsewhere, wall time.

use std::time::Instant;

/// A point on the thread's CPU clock (or the wall clock where there is none).
#[derive(Clone, Copy)]
pub struct CpuInstant(Reading);

#[derive(Clone, Copy)]
enum Reading {
    Cpu(u64),
    Wall(Instant),
}

impl CpuInstant {
    pub fn now() -> CpuInstant {
        CpuInstant(match thread_cpu_nanos() {
            Some(n) => Reading::Cpu(n),
            None => Reading::Wall(Instant::now()),
        })
    }

    /// Nanoseconds since `self` on the same clock.
    pub fn elapsed_nanos(&self) -> u64 {
        match self.0 {
            Reading::Cpu(start) => thread_cpu_nanos().map_or(0, |now| now.saturating_sub(start)),
            Reading::Wall(start) => start.elapsed().as_nanos() as u64,
        }
    }
}

#[cfg(any(target_os = "linux", target_os = "macos"))]
fn thread_cpu_nanos() -> Option<u64> {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    #[cfg(target_os = "linux")]
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    #[cfg(target_os = "macos")]
    const CLOCK_THREAD_CPUTIME_ID: i32 = 16;
    let mut time = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `time` is a valid, writable timespec (two 64-bit fields on the 64-bit targets napi-rs builds).
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    (status == 0).then(|| time.tv_sec as u64 * 1_000_000_000 + time.tv_nsec as u64)
}

#[cfg(not(any(target_os = "linux", target_os = "macos")))]
fn thread_cpu_nanos() -> Option<u64> {
    None
}
