//! The calibration clock counts this thread's CPU time: it advances while the thread works, never faster
//! than the wall clock.
use propnet_core::cpu_clock::CpuInstant;
use std::time::Instant;

#[test]
fn cpu_time_advances_with_work_and_not_faster_than_wall_time() {
    let wall = Instant::now();
    let cpu = CpuInstant::now();
    let mut x = 0u64;
    while cpu.elapsed_nanos() < 2_000_000 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
    }
    assert!(
        cpu.elapsed_nanos() <= wall.elapsed().as_nanos() as u64,
        "{x}"
    );
}

#[test]
fn sleeping_costs_no_cpu_time() {
    let cpu = CpuInstant::now();
    std::thread::sleep(std::time::Duration::from_millis(30));
    assert!(cpu.elapsed_nanos() < 20_000_000);
}
