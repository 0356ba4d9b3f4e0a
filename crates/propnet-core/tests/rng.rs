//! The generator must reproduce core's Rng bit for bit (values printed by packages/core/src/rng.ts).
use propnet_core::Rng;

#[test]
fn matches_the_typescript_generator() {
    let cases: [(i32, [u32; 5]); 4] = [
        (0, [3809008728, 1133695204, 53579671, 6, 32]),
        (1, [2442144158, 3238099751, 3819917871, 4, 470]),
        (-1, [835879718, 1921286648, 2356205009, 4, 228]),
        (123456789, [4284103975, 1001954530, 2701803082, 6, 722]),
    ];
    for (seed, want) in cases {
        let mut rng = Rng::new(seed as u32);
        let got = [
            rng.next_u32(),
            rng.next_u32(),
            rng.next_u32(),
            rng.next_int(10),
            rng.next_int(1000),
        ];
        assert_eq!(got, want, "seed {seed}");
    }
}

#[test]
fn splitmix_nth_skips_ahead_exactly() {
    use propnet_core::rng::{splitmix32, splitmix32_nth};
    let mut state = 0x1234_5678u32;
    for n in 1..200 {
        assert_eq!(
            splitmix32(&mut state),
            splitmix32_nth(0x1234_5678, n),
            "output {n}"
        );
    }
}
