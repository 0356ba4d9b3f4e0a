// The playout policies of paper 03 (giga13-03, sections 3–4) and whole policy simulations, as WebAssembly text:
// one module for every game, instantiated per policy table, whose linear memory holds the tables (so they stay
// on the module's side of the boundary and learn in place). It plays through the game's simulation adapter
// (simulation-adapter.ts), imported as "game". Every rule mirrors core's TypeScript reference (packages/core/src/
// policy/: MoveStats, GramTable, MastTable, NstTable, genericSimulate) step for step, with the same draws of
// core's Rng and the same hash layout of the sequence tables, so a simulation here equals the reference's on the
// same seed; exp and pow are imported from Math for bit-equal results.
//
// Memory: [scratch lists | term of each legal entry | single-move stats | sequence-table headers | sequence
// tables (fixed regions, each holding its largest size) | a rehash buffer | each move's place among its role's
// moves | per role, NST's dense pair matrix and triple index (policy-table.ts) | the work area of the current call].
// A single-move stat is (count f64, average f64) at (role * span + move) * 16; a sequence slot is 32 bytes:
// count f64, average f64, earlier move i32 (0 for a pair), last move i32, move + 1 i32 (0: empty), epoch i32.
// The hash tables decide which sequences exist and in what order the sweep meets them (so when a decayed one is
// removed, as in the reference); the dense structures only find a sequence without hashing: a choice reads one
// row of them for all its moves, where hashing scattered its lookups over tables larger than the caches.

/** Bytes of a sequence-table slot and of a table header (size, dropped, epoch, cursor, mask, unswept). */
export const SLOT_BYTES = 32;
export const HEAD_BYTES = 32;
/** Policy kinds as the module numbers them. */
export const KIND_CODE = { uniform: 0, mast: 1, nst: 2 } as const;

export const POLICY_WAT = `
(module
  (import "game" "load" (func $gLoad (param i32)))
  (import "game" "terminal" (func $gTerminal (result i32)))
  (import "game" "legal" (func $gLegal (param i32) (result i32)))
  (import "game" "legalAt" (func $gLegalAt (param i32) (result i32)))
  (import "game" "select" (func $gSelect (param i32 i32)))
  (import "game" "advance" (func $gAdvance))
  (import "game" "goals" (func $gGoals))
  (import "game" "goal" (func $gGoal (param i32) (result i32)))
  (import "math" "exp" (func $exp (param f64) (result f64)))
  (import "math" "pow" (func $pow (param f64 f64) (result f64)))
  (import "js" "random" (func $jsRandom (result f64)))
  (memory (export "memory") 1)

  (global $R (mut i32) (i32.const 1))
  (global $kind (mut i32) (i32.const 0))
  (global $tau (mut f64) (f64.const 10))
  (global $eps (mut f64) (f64.const 0.2))
  (global $k (mut f64) (f64.const 7))
  ;; The least count of a pair whose triples can reach k (core's tripleFloor, nst.ts).
  (global $floor (mut f64) (f64.const 7))
  (global $gamma (mut f64) (f64.const 1))
  (global $maxEntries (mut i32) (i32.const 0))
  (global $maxSlots (mut i32) (i32.const 0))
  (global $list (mut i32) (i32.const 0))
  (global $weights (mut i32) (i32.const 0))
  (global $rewards (mut i32) (i32.const 0))
  (global $terms (mut i32) (i32.const 0))
  (global $span (mut i32) (i32.const 0))
  (global $singles (mut i32) (i32.const 0))
  (global $heads (mut i32) (i32.const 0))
  (global $grams (mut i32) (i32.const 0))
  (global $gramBytes (mut i32) (i32.const 0))
  (global $temp (mut i32) (i32.const 0))
  (global $moveIndex (mut i32) (i32.const 0))
  (global $denseHeads (mut i32) (i32.const 0))
  (global $external (mut i32) (i32.const 0))
  (global $ra (mut i32) (i32.const 0))
  (global $rb (mut i32) (i32.const 0))
  (global $rc (mut i32) (i32.const 0))
  (global $rd (mut i32) (i32.const 0))
  ;; Where the touches below leave what they read, so the engine cannot drop them as unused.
  (global $sink (mut i32) (i32.const 0))

  ;; init: the spec and the layout (offsets chosen by policy-layout.ts); the sequence tables start at 1024 slots.
  (func (export "init") (param $R i32) (param $kind i32) (param $tau f64) (param $eps f64) (param $k f64)
      (param $gamma f64) (param $maxEntries i32) (param $maxSlots i32) (param $list i32) (param $weights i32)
      (param $rewards i32) (param $terms i32) (param $span i32) (param $singles i32) (param $heads i32)
      (param $grams i32) (param $gramBytes i32) (param $temp i32) (param $moveIndex i32) (param $denseHeads i32)
    (local $t i32)
    (global.set $R (local.get $R)) (global.set $kind (local.get $kind)) (global.set $tau (local.get $tau))
    (global.set $eps (local.get $eps)) (global.set $k (local.get $k)) (global.set $gamma (local.get $gamma))
    (global.set $floor (f64.sub
      (f64.sub (local.get $k)
        (if (result f64) (f64.lt (local.get $gamma) (f64.const 1))
          (then (f64.div (f64.const 0.5) (f64.sub (f64.const 1) (local.get $gamma))))
          (else (f64.const 0))))
      (f64.mul (local.get $k) (f64.const 1e-6))))
    (global.set $maxEntries (local.get $maxEntries)) (global.set $maxSlots (local.get $maxSlots))
    (global.set $list (local.get $list)) (global.set $weights (local.get $weights))
    (global.set $rewards (local.get $rewards)) (global.set $terms (local.get $terms))
    (global.set $span (local.get $span)) (global.set $singles (local.get $singles))
    (global.set $heads (local.get $heads)) (global.set $grams (local.get $grams))
    (global.set $gramBytes (local.get $gramBytes)) (global.set $temp (local.get $temp))
    (global.set $moveIndex (local.get $moveIndex)) (global.set $denseHeads (local.get $denseHeads))
    (if (i32.eq (local.get $kind) (i32.const 2))
      (then
        (loop $tables
          (i32.store offset=16 (call $head (local.get $t)) (i32.const 1023))
          (local.set $t (i32.add (local.get $t) (i32.const 1)))
          (br_if $tables (i32.lt_u (local.get $t) (i32.shl (local.get $R) (i32.const 1))))))))

  ;; ---- core's Rng: xoshiro128** seeded by splitmix32; nextFloat = next u32 / 2^32 ----
  (func $split (param $s i32) (result i32)
    (local $z i32)
    (local.set $z (local.get $s))
    (local.set $z (i32.mul (i32.xor (local.get $z) (i32.shr_u (local.get $z) (i32.const 16))) (i32.const 0x85ebca6b)))
    (local.set $z (i32.mul (i32.xor (local.get $z) (i32.shr_u (local.get $z) (i32.const 13))) (i32.const 0xc2b2ae35)))
    (i32.xor (local.get $z) (i32.shr_u (local.get $z) (i32.const 16))))
  (func $seed (param $s i32)
    (local.set $s (i32.add (local.get $s) (i32.const 0x9e3779b9)))
    (global.set $ra (call $split (local.get $s)))
    (local.set $s (i32.add (local.get $s) (i32.const 0x9e3779b9)))
    (global.set $rb (call $split (local.get $s)))
    (local.set $s (i32.add (local.get $s) (i32.const 0x9e3779b9)))
    (global.set $rc (call $split (local.get $s)))
    (local.set $s (i32.add (local.get $s) (i32.const 0x9e3779b9)))
    (global.set $rd (call $split (local.get $s)))
    (if (i32.eqz (i32.or (i32.or (global.get $ra) (global.get $rb)) (i32.or (global.get $rc) (global.get $rd))))
      (then (global.set $ra (i32.const 1)))))
  (func $next (result i32)
    (local $result i32) (local $t i32)
    (local.set $result (i32.mul (i32.rotl (i32.mul (global.get $rb) (i32.const 5)) (i32.const 7)) (i32.const 9)))
    (local.set $t (i32.shl (global.get $rb) (i32.const 9)))
    (global.set $rc (i32.xor (global.get $rc) (global.get $ra)))
    (global.set $rd (i32.xor (global.get $rd) (global.get $rb)))
    (global.set $rb (i32.xor (global.get $rb) (global.get $rc)))
    (global.set $ra (i32.xor (global.get $ra) (global.get $rd)))
    (global.set $rc (i32.xor (global.get $rc) (local.get $t)))
    (global.set $rd (i32.rotl (global.get $rd) (i32.const 11)))
    (local.get $result))
  ;; The tree's choices draw from the caller's random(); simulations from the module's own generator.
  (func $rand (result f64)
    (if (result f64) (global.get $external)
      (then (call $jsRandom))
      (else (f64.div (f64.convert_i32_u (call $next)) (f64.const 4294967296)))))
  ;; Math.floor(random() * n)
  (func $below (param $n i32) (result i32)
    (i32.trunc_f64_u (f64.floor (f64.mul (call $rand) (f64.convert_i32_u (local.get $n))))))

  ;; ---- single-move statistics (core's MoveStats) ----
  (func $sAddr (param $r i32) (param $m i32) (result i32)
    (i32.add (global.get $singles)
      (i32.shl (i32.add (i32.mul (local.get $r) (global.get $span)) (local.get $m)) (i32.const 4))))
  (func $sCount (param $r i32) (param $m i32) (result f64)
    (if (result f64) (i32.lt_u (local.get $m) (global.get $span))
      (then (f64.load (call $sAddr (local.get $r) (local.get $m))))
      (else (f64.const 0))))
  (func $sAverage (param $r i32) (param $m i32) (result f64)
    (f64.load offset=8 (call $sAddr (local.get $r) (local.get $m))))
  ;; One more sample: a count decayed to 0 starts afresh (n = 1 takes the reward exactly).
  (func $mean (param $a i32) (param $x f64)
    (local $n f64) (local $avg f64)
    (local.set $n (f64.add (f64.load (local.get $a)) (f64.const 1)))
    (f64.store (local.get $a) (local.get $n))
    (local.set $avg (f64.load offset=8 (local.get $a)))
    (f64.store offset=8 (local.get $a)
      (if (result f64) (f64.eq (local.get $n) (f64.const 1))
        (then (local.get $x))
        (else (f64.add (local.get $avg) (f64.div (f64.sub (local.get $x) (local.get $avg)) (local.get $n)))))))
  (func $sAdd (param $r i32) (param $m i32) (param $x f64)
    (call $mean (call $sAddr (local.get $r) (local.get $m)) (local.get $x)))
  (func $sDecay
    (local $a i32) (local $end i32)
    (local.set $a (global.get $singles))
    (local.set $end (call $sAddr (global.get $R) (i32.const 0)))
    (block $done (loop $each
      (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
      (f64.store (local.get $a) (f64.mul (f64.load (local.get $a)) (global.get $gamma)))
      (local.set $a (i32.add (local.get $a) (i32.const 16)))
      (br $each))))
  (func $sSize (result i32)
    (local $a i32) (local $end i32) (local $n i32)
    (local.set $a (global.get $singles))
    (local.set $end (call $sAddr (global.get $R) (i32.const 0)))
    (block $done (loop $each
      (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
      (if (f64.gt (f64.load (local.get $a)) (f64.const 0)) (then (local.set $n (i32.add (local.get $n) (i32.const 1)))))
      (local.set $a (i32.add (local.get $a) (i32.const 16)))
      (br $each)))
    (local.get $n))

  ;; ---- sequence tables (core's GramTable): table t = role * 2 (pairs) or role * 2 + 1 (triples) ----
  (func $head (param $t i32) (result i32) (i32.add (global.get $heads) (i32.shl (local.get $t) (i32.const 5))))
  (func $slot (param $t i32) (param $i i32) (result i32)
    (i32.add (i32.add (global.get $grams) (i32.mul (local.get $t) (global.get $gramBytes)))
      (i32.shl (local.get $i) (i32.const 5))))
  (func $mask (param $t i32) (result i32) (i32.load offset=16 (call $head (local.get $t))))
  (func $base (param $t i32) (result i32)
    (i32.add (global.get $grams) (i32.mul (local.get $t) (global.get $gramBytes))))
  ;; The hash of a sequence in two parts: its context's (the earlier moves: the same for every move a choice
  ;; scores, so computed once per choice) and, from that, its home slot under a table's mask.
  (func $contextHash (param $before i32) (param $last i32) (result i32)
    (i32.xor
      (i32.mul (i32.xor (local.get $last) (i32.const 0x9e3779b9)) (i32.const 0x85ebca6b))
      (i32.mul (i32.add (local.get $before) (i32.const 0x632be5ab)) (i32.const 0xc2b2ae35))))
  (func $homeOf (param $context i32) (param $move i32) (param $mask i32) (result i32)
    (local $h i32)
    (local.set $h (i32.mul (i32.xor (local.get $context) (local.get $move)) (i32.const 0x27d4eb2f)))
    (i32.and (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 15))) (local.get $mask)))
  (func $home (param $t i32) (param $before i32) (param $last i32) (param $move i32) (result i32)
    (call $homeOf (call $contextHash (local.get $before) (local.get $last)) (local.get $move) (call $mask (local.get $t))))
  ;; The address of the slot of (before, last, move) in the table at $base with $mask, whose context hashes to
  ;; $context; 0 when absent (no slot lies at 0).
  (func $findIn (param $base i32) (param $mask i32) (param $context i32) (param $before i32) (param $last i32)
      (param $move i32) (result i32)
    (local $i i32) (local $a i32) (local $m i32) (local $key i32)
    (local.set $key (i32.add (local.get $move) (i32.const 1)))
    (local.set $i (call $homeOf (local.get $context) (local.get $move) (local.get $mask)))
    (loop $probe
      (local.set $a (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 5))))
      (local.set $m (i32.load offset=24 (local.get $a)))
      (if (i32.eqz (local.get $m)) (then (return (i32.const 0))))
      (if (i32.and (i32.eq (local.get $m) (local.get $key))
            (i32.and (i32.eq (i32.load offset=20 (local.get $a)) (local.get $last))
                     (i32.eq (i32.load offset=16 (local.get $a)) (local.get $before))))
        (then (return (local.get $a))))
      (local.set $i (i32.and (i32.add (local.get $i) (i32.const 1)) (local.get $mask)))
      (br $probe))
    (unreachable))
  ;; The slot index of (before, last, move) in table t, or -1.
  (func $find (param $t i32) (param $before i32) (param $last i32) (param $move i32) (result i32)
    (local $base i32) (local $a i32)
    (local.set $base (call $base (local.get $t)))
    (local.set $a (call $findIn (local.get $base) (call $mask (local.get $t))
      (call $contextHash (local.get $before) (local.get $last)) (local.get $before) (local.get $last) (local.get $move)))
    (if (result i32) (local.get $a)
      (then (i32.shr_u (i32.sub (local.get $a) (local.get $base)) (i32.const 5)))
      (else (i32.const -1))))
  ;; Reads the home slot of a sequence: a table larger than the caches (over 1 MiB) has its slots for all of a
  ;; step's lookups read first, independent loads whose cache misses overlap, before the lookups themselves wait
  ;; on each in turn (profiled on breakthrough: find was 41 % of the search, mostly the slot's cache miss).
  (func $touch (param $t i32) (param $before i32) (param $last i32) (param $move i32) (result i32)
    (i32.load offset=24 (call $slot (local.get $t) (call $home (local.get $t) (local.get $before) (local.get $last) (local.get $move)))))
  (func $large (param $t i32) (result i32) (i32.ge_u (call $mask (local.get $t)) (i32.const 32767)))
  ;; Lazy decay: the count is multiplied by gamma^age when the slot is updated or swept; a read ($decayed) stores
  ;; nothing, so which slots are read changes no later rounding.
  (func $decayed (param $t i32) (param $a i32) (result f64)
    (local $age i32)
    (local.set $age (i32.sub (i32.load offset=8 (call $head (local.get $t))) (i32.load offset=28 (local.get $a))))
    (if (result f64) (local.get $age)
      (then (f64.mul (f64.load (local.get $a)) (call $pow (global.get $gamma) (f64.convert_i32_u (local.get $age)))))
      (else (f64.load (local.get $a)))))
  (func $refresh (param $t i32) (param $a i32)
    (local $epoch i32) (local $age i32)
    (local.set $epoch (i32.load offset=8 (call $head (local.get $t))))
    (local.set $age (i32.sub (local.get $epoch) (i32.load offset=28 (local.get $a))))
    (if (local.get $age)
      (then
        (f64.store (local.get $a) (f64.mul (f64.load (local.get $a))
          (call $pow (global.get $gamma) (f64.convert_i32_u (local.get $age)))))
        (i32.store offset=28 (local.get $a) (local.get $epoch)))))
  (func $insertionSlot (param $t i32) (param $before i32) (param $last i32) (param $move i32) (result i32)
    (local $i i32) (local $mask i32)
    (local.set $mask (call $mask (local.get $t)))
    (local.set $i (call $home (local.get $t) (local.get $before) (local.get $last) (local.get $move)))
    (block $found (loop $probe
      (br_if $found (i32.eqz (i32.load offset=24 (call $slot (local.get $t) (local.get $i)))))
      (local.set $i (i32.and (i32.add (local.get $i) (i32.const 1)) (local.get $mask)))
      (br $probe)))
    (local.get $i))
  ;; Doubles the slots: the old ones go to the rehash buffer and come back in ascending order.
  (func $grow (param $t i32)
    (local $old i32) (local $i i32) (local $from i32) (local $to i32) (local $h i32) (local $e i32)
    (local.set $h (call $head (local.get $t)))
    (local.set $old (i32.add (i32.load offset=16 (local.get $h)) (i32.const 1)))
    (memory.copy (global.get $temp) (call $slot (local.get $t) (i32.const 0)) (i32.shl (local.get $old) (i32.const 5)))
    (memory.fill (call $slot (local.get $t) (i32.const 0)) (i32.const 0) (i32.shl (local.get $old) (i32.const 6)))
    (i32.store offset=16 (local.get $h) (i32.sub (i32.shl (local.get $old) (i32.const 1)) (i32.const 1)))
    (i32.store offset=12 (local.get $h) (i32.const 0))
    (i32.store offset=20 (local.get $h)
      (select (i32.const 0) (i32.shl (local.get $old) (i32.const 1)) (i32.eqz (i32.load offset=8 (local.get $h)))))
    (block $done (loop $each
      (br_if $done (i32.ge_u (local.get $i) (local.get $old)))
      (local.set $from (i32.add (global.get $temp) (i32.shl (local.get $i) (i32.const 5))))
      (if (i32.load offset=24 (local.get $from))
        (then
          (local.set $to (call $slot (local.get $t) (call $insertionSlot (local.get $t)
            (i32.load offset=16 (local.get $from)) (i32.load offset=20 (local.get $from))
            (i32.sub (i32.load offset=24 (local.get $from)) (i32.const 1)))))
          (memory.copy (local.get $to) (local.get $from) (i32.const 32))
          (local.set $e (call $entry (local.get $t) (local.get $to)))
          (if (local.get $e) (then (i32.store (local.get $e)
            (i32.add (i32.shr_u (i32.sub (local.get $to) (call $base (local.get $t))) (i32.const 5)) (i32.const 1)))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $each))))
  ;; ---- pairs held densely: role r's pair (last, move) has its statistics in a cell of a matrix indexed by the
  ;; two moves' positions among their roles' legal moves, laid out as a slot (so $refresh, $mean and $sweep read
  ;; either alike; move + 1 = 0: absent); the hash table keeps the keys only, in the reference's slot order,
  ;; which decides when the sweep removes a pair ----
  ;; Role r's dense header at denseHeads + 16r: its pair matrix (0: its pairs are in the hash table alone), its
  ;; legal moves' count, its triple index (0: none) and role r - 1's legal moves' count.
  (func $denseHead (param $r i32) (result i32) (i32.add (global.get $denseHeads) (i32.shl (local.get $r) (i32.const 4))))
  (func $dense (param $r i32) (result i32) (i32.load (call $denseHead (local.get $r))))
  ;; The position of move m among role r's legal moves (a move of r: the table checks what it is given).
  (func $index (param $r i32) (param $m i32) (result i32)
    (i32.load (i32.add (global.get $moveIndex)
      (i32.shl (i32.add (i32.mul (local.get $r) (global.get $span)) (local.get $m)) (i32.const 2)))))
  ;; The start of the row of role r's matrix for the earlier move last (of role r - 1).
  (func $row (param $r i32) (param $last i32) (result i32)
    (i32.add (call $dense (local.get $r)) (i32.shl
      (i32.mul (call $index (call $prev1 (local.get $r)) (local.get $last))
        (i32.load offset=4 (call $denseHead (local.get $r))))
      (i32.const 5))))
  (func $cell (param $r i32) (param $last i32) (param $move i32) (result i32)
    (i32.add (call $row (local.get $r) (local.get $last)) (i32.shl (call $index (local.get $r) (local.get $move)) (i32.const 5))))
  ;; Triples indexed densely: role r's triple (before, last, move) has its slot index + 1 (0: absent) in an i32
  ;; of a three-dimensional array over the three moves' positions, so a choice reads one row for all its moves
  ;; (the slots keep the statistics; the array follows them through insertion, growth and deletion).
  (func $tripleRow (param $r i32) (param $before i32) (param $last i32) (result i32)
    (local $h i32)
    (local.set $h (call $denseHead (local.get $r)))
    (i32.add (i32.load offset=8 (local.get $h)) (i32.shl
      (i32.mul (i32.load offset=4 (local.get $h))
        (i32.add (i32.mul (call $index (call $prev2 (local.get $r)) (local.get $before)) (i32.load offset=12 (local.get $h)))
          (call $index (call $prev1 (local.get $r)) (local.get $last))))
      (i32.const 2))))
  ;; The index entry of the occupied slot at a of table t when t is an indexed triple table, else 0.
  (func $entry (param $t i32) (param $a i32) (result i32)
    (local $r i32)
    (local.set $r (i32.shr_u (local.get $t) (i32.const 1)))
    (if (result i32) (i32.and (i32.and (local.get $t) (i32.const 1))
          (i32.ne (i32.load offset=8 (call $denseHead (local.get $r))) (i32.const 0)))
      (then (i32.add (call $tripleRow (local.get $r) (i32.load offset=16 (local.get $a)) (i32.load offset=20 (local.get $a)))
        (i32.shl (call $index (local.get $r) (i32.sub (i32.load offset=24 (local.get $a)) (i32.const 1))) (i32.const 2))))
      (else (i32.const 0))))
  ;; Reads ahead role r's triple (before, last, move): its index entry when indexed, else its home slot.
  (func $touchTriple (param $r i32) (param $before i32) (param $last i32) (param $move i32) (result i32)
    (if (result i32) (i32.load offset=8 (call $denseHead (local.get $r)))
      (then (i32.load (i32.add (call $tripleRow (local.get $r) (local.get $before) (local.get $last))
        (i32.shl (call $index (local.get $r) (local.get $move)) (i32.const 2)))))
      (else (call $touch (i32.add (i32.shl (local.get $r) (i32.const 1)) (i32.const 1)) (local.get $before) (local.get $last)
        (local.get $move)))))
  ;; Where the statistics of the occupied slot at a of table t are: its cell for a dense pair, else the slot.
  (func $stats (param $t i32) (param $a i32) (result i32)
    (if (result i32) (i32.and (i32.eqz (i32.and (local.get $t) (i32.const 1)))
          (i32.ne (call $dense (i32.shr_u (local.get $t) (i32.const 1))) (i32.const 0)))
      (then (call $cell (i32.shr_u (local.get $t) (i32.const 1)) (i32.load offset=20 (local.get $a))
        (i32.sub (i32.load offset=24 (local.get $a)) (i32.const 1))))
      (else (local.get $a))))
  (func $gAdd (param $t i32) (param $before i32) (param $last i32) (param $move i32) (param $x f64)
    (local $i i32) (local $h i32) (local $a i32) (local $size i32) (local $c i32) (local $e i32)
    (local.set $h (call $head (local.get $t)))
    (if (i32.and (i32.eqz (i32.and (local.get $t) (i32.const 1)))
          (i32.ne (call $dense (i32.shr_u (local.get $t) (i32.const 1))) (i32.const 0)))
      (then
        (local.set $c (call $cell (i32.shr_u (local.get $t) (i32.const 1)) (local.get $last) (local.get $move)))
        (local.set $i (i32.const -1))
        (if (i32.load offset=24 (local.get $c))
          (then (call $refresh (local.get $t) (local.get $c)) (call $mean (local.get $c) (local.get $x)) (return))))
      (else
        (if (i32.and (i32.and (local.get $t) (i32.const 1))
              (i32.ne (i32.load offset=8 (call $denseHead (i32.shr_u (local.get $t) (i32.const 1)))) (i32.const 0)))
          (then
            (local.set $e (i32.add (call $tripleRow (i32.shr_u (local.get $t) (i32.const 1)) (local.get $before) (local.get $last))
              (i32.shl (call $index (i32.shr_u (local.get $t) (i32.const 1)) (local.get $move)) (i32.const 2))))
            (local.set $i (i32.sub (i32.load (local.get $e)) (i32.const 1))))
          (else (local.set $i (call $find (local.get $t) (local.get $before) (local.get $last) (local.get $move)))))))
    (if (i32.lt_s (local.get $i) (i32.const 0))
      (then
        (local.set $size (i32.load (local.get $h)))
        (if (i32.ge_u (local.get $size) (global.get $maxEntries))
          (then
            (i32.store offset=4 (local.get $h) (i32.add (i32.load offset=4 (local.get $h)) (i32.const 1)))
            (return)))
        (if (i32.and
              (i32.gt_u (i32.shl (i32.add (local.get $size) (i32.const 1)) (i32.const 1))
                        (i32.add (i32.load offset=16 (local.get $h)) (i32.const 1)))
              (i32.lt_u (i32.add (i32.load offset=16 (local.get $h)) (i32.const 1)) (global.get $maxSlots)))
          (then (call $grow (local.get $t))))
        (local.set $i (call $insertionSlot (local.get $t) (local.get $before) (local.get $last) (local.get $move)))
        (local.set $a (call $slot (local.get $t) (local.get $i)))
        (f64.store (local.get $a) (f64.const 0))
        (f64.store offset=8 (local.get $a) (f64.const 0))
        (i32.store offset=16 (local.get $a) (local.get $before))
        (i32.store offset=20 (local.get $a) (local.get $last))
        (i32.store offset=24 (local.get $a) (i32.add (local.get $move) (i32.const 1)))
        (i32.store offset=28 (local.get $a) (i32.load offset=8 (local.get $h)))
        (i32.store (local.get $h) (i32.add (local.get $size) (i32.const 1)))
        (if (local.get $c) (then (memory.copy (local.get $c) (local.get $a) (i32.const 32))))
        (if (local.get $e) (then (i32.store (local.get $e) (i32.add (local.get $i) (i32.const 1)))))))
    (local.set $a (if (result i32) (local.get $c) (then (local.get $c)) (else (call $slot (local.get $t) (local.get $i)))))
    (call $refresh (local.get $t) (local.get $a))
    (call $mean (local.get $a) (local.get $x)))
  ;; Backward-shift deletion: later entries of the probe run move up, so no tombstones are needed.
  (func $remove (param $t i32) (param $i i32)
    (local $hole i32) (local $j i32) (local $a i32) (local $home i32) (local $mask i32) (local $stays i32)
    (local $e i32)
    (local.set $mask (call $mask (local.get $t)))
    ;; A dense pair's cell, or an indexed triple's entry, goes with the slot.
    (local.set $a (call $slot (local.get $t) (local.get $i)))
    (local.set $e (call $stats (local.get $t) (local.get $a)))
    (if (i32.ne (local.get $e) (local.get $a)) (then (i32.store offset=24 (local.get $e) (i32.const 0))))
    (local.set $e (call $entry (local.get $t) (local.get $a)))
    (if (local.get $e) (then (i32.store (local.get $e) (i32.const 0))))
    (local.set $hole (local.get $i))
    (local.set $j (i32.and (i32.add (local.get $i) (i32.const 1)) (local.get $mask)))
    (block $done (loop $run
      (local.set $a (call $slot (local.get $t) (local.get $j)))
      (br_if $done (i32.eqz (i32.load offset=24 (local.get $a))))
      (local.set $home (call $home (local.get $t) (i32.load offset=16 (local.get $a)) (i32.load offset=20 (local.get $a))
        (i32.sub (i32.load offset=24 (local.get $a)) (i32.const 1))))
      (local.set $stays
        (if (result i32) (i32.le_u (local.get $hole) (local.get $j))
          (then (i32.and (i32.gt_u (local.get $home) (local.get $hole)) (i32.le_u (local.get $home) (local.get $j))))
          (else (i32.or (i32.gt_u (local.get $home) (local.get $hole)) (i32.le_u (local.get $home) (local.get $j))))))
      (if (i32.eqz (local.get $stays))
        (then
          (memory.copy (call $slot (local.get $t) (local.get $hole)) (local.get $a) (i32.const 32))
          (local.set $e (call $entry (local.get $t) (local.get $a)))
          (if (local.get $e) (then (i32.store (local.get $e) (i32.add (local.get $hole) (i32.const 1)))))
          (local.set $hole (local.get $j))))
      (local.set $j (i32.and (i32.add (local.get $j) (i32.const 1)) (local.get $mask)))
      (br $run)))
    (i32.store offset=24 (call $slot (local.get $t) (local.get $hole)) (i32.const 0))
    (i32.store (call $head (local.get $t)) (i32.sub (i32.load (call $head (local.get $t))) (i32.const 1))))
  ;; Examines slots from the cursor and removes sequences whose decayed count fell below 0.5, until it has been
  ;; round the table since the last decay (unswept = 0).
  (func $sweep (param $t i32) (param $slots i32)
    (local $n i32) (local $i i32) (local $a i32) (local $h i32)
    (local.set $h (call $head (local.get $t)))
    (if (i32.or (f64.eq (global.get $gamma) (f64.const 1)) (i32.eqz (i32.load (local.get $h)))) (then (return)))
    (block $done (loop $each
      (br_if $done (i32.ge_u (local.get $n) (local.get $slots)))
      (br_if $done (i32.eqz (i32.load offset=20 (local.get $h))))
      (local.set $n (i32.add (local.get $n) (i32.const 1)))
      (local.set $i (i32.load offset=12 (local.get $h)))
      (local.set $a (call $slot (local.get $t) (local.get $i)))
      (if (i32.load offset=24 (local.get $a))
        (then
          (local.set $a (call $stats (local.get $t) (local.get $a)))
          (if (i32.ne (i32.load offset=28 (local.get $a)) (i32.load offset=8 (local.get $h)))
            (then
              (call $refresh (local.get $t) (local.get $a))
              (if (f64.lt (f64.load (local.get $a)) (f64.const 0.5))
                (then (call $remove (local.get $t) (local.get $i)) (br $each)))))))
      (i32.store offset=12 (local.get $h) (i32.and (i32.add (local.get $i) (i32.const 1)) (call $mask (local.get $t))))
      (i32.store offset=20 (local.get $h) (i32.sub (i32.load offset=20 (local.get $h)) (i32.const 1)))
      (br $each))))

  ;; ---- NST (section 3.2): T(a) averages the single move and the sequences seen at least k times ----
  (func $at (param $p i32) (param $k i32) (result i32) (i32.load (i32.add (local.get $p) (i32.shl (local.get $k) (i32.const 2)))))
  ;; The roles whose moves precede role r's in a sequence: (r - 1) mod R and (r - 2) mod R, without a division.
  (func $prev1 (param $r i32) (result i32)
    (select (i32.sub (global.get $R) (i32.const 1)) (i32.sub (local.get $r) (i32.const 1)) (i32.eqz (local.get $r))))
  (func $prev2 (param $r i32) (result i32)
    (local $x i32)
    (local.set $x (i32.sub (i32.add (local.get $r) (global.get $R)) (i32.const 2)))
    (if (i32.ge_s (local.get $x) (global.get $R)) (then (local.set $x (i32.sub (local.get $x) (global.get $R)))))
    (if (i32.lt_s (local.get $x) (i32.const 0)) (then (local.set $x (i32.add (local.get $x) (global.get $R)))))
    (local.get $x))
  ;; The moves that precede role r's move at step $step of the joint moves at $hist in its pair and its triple:
  ;; role r - 1's one step back (needs $step >= 1) and role r - 2's two steps back (needs $step >= 2).
  (func $lastBefore (param $hist i32) (param $step i32) (param $r i32) (result i32)
    (call $at (local.get $hist) (i32.add (i32.mul (i32.sub (local.get $step) (i32.const 1)) (global.get $R))
      (call $prev1 (local.get $r)))))
  (func $twoBefore (param $hist i32) (param $step i32) (param $r i32) (result i32)
    (call $at (local.get $hist) (i32.add (i32.mul (i32.sub (local.get $step) (i32.const 2)) (global.get $R))
      (call $prev2 (local.get $r)))))
  ;; NST's scores T(a) of the n moves, in two passes that each read their slots ahead (see $touch): the single
  ;; move and its pair for every move, then the triple of each move whose triple can count ($gate: role r - 1's
  ;; pair of the context reaches the floor; and the move's own pair does, see nst.ts), so only those triples are
  ;; read ahead. Each move's part of the score so far goes to $weights as (sum f64, terms i32, triple wanted i32);
  ;; returns how many triples are wanted.
  (func $scoreShort (param $r i32) (param $n i32) (param $moves i32) (param $last i32) (param $steps i32)
      (param $gate i32) (result i32)
    (local $i i32) (local $m i32) (local $a i32) (local $s i32) (local $sum f64) (local $terms i32)
    (local $count f64) (local $dropped i32) (local $want i32) (local $wanted i32) (local $pair i32) (local $base i32)
    (local $mask i32) (local $context i32) (local $row i32)
    (local.set $pair (i32.shl (local.get $r) (i32.const 1)))
    (local.set $dropped (i32.ne (i32.load offset=4 (call $head (local.get $pair))) (i32.const 0)))
    (local.set $base (call $base (local.get $pair)))
    (local.set $mask (call $mask (local.get $pair)))
    (local.set $context (call $contextHash (i32.const 0) (local.get $last)))
    (local.set $row (call $dense (local.get $r)))
    (if (local.get $steps)
      (then
        (if (local.get $row)
          (then (local.set $row (call $row (local.get $r) (local.get $last))))
          (else (call $prefetch (local.get $pair) (local.get $n) (local.get $moves) (local.get $context) (i32.const 0)
            (i32.const 0))))))
    (block $done (loop $each
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $m (call $at (local.get $moves) (local.get $i)))
      (local.set $terms (i32.const 1))
      (local.set $want (i32.const 0))
      (if (f64.eq (call $sCount (local.get $r) (local.get $m)) (f64.const 0))
        (then (local.set $sum (f64.const 100)))
        (else
          (local.set $sum (call $sAverage (local.get $r) (local.get $m)))
          (if (local.get $steps)
            (then
              (local.set $count (f64.const 0))
              (local.set $s
                (if (result i32) (local.get $row)
                  (then
                    (local.set $s (i32.add (local.get $row) (i32.shl (call $index (local.get $r) (local.get $m)) (i32.const 5))))
                    (select (local.get $s) (i32.const 0) (i32.load offset=24 (local.get $s))))
                  (else (call $findIn (local.get $base) (local.get $mask) (local.get $context) (i32.const 0)
                    (local.get $last) (local.get $m)))))
              (if (local.get $s)
                (then
                  (local.set $count (call $decayed (local.get $pair) (local.get $s)))
                  (if (f64.ge (local.get $count) (global.get $k))
                    (then
                      (local.set $sum (f64.add (local.get $sum) (f64.load offset=8 (local.get $s))))
                      (local.set $terms (i32.const 2))))))
              (local.set $want (i32.and (local.get $gate)
                (i32.or (local.get $dropped) (f64.ge (local.get $count) (global.get $floor)))))))))
      (local.set $a (i32.add (global.get $weights) (i32.shl (local.get $i) (i32.const 4))))
      (f64.store (local.get $a) (local.get $sum))
      (i32.store offset=8 (local.get $a) (local.get $terms))
      (i32.store offset=12 (local.get $a) (local.get $want))
      (local.set $wanted (i32.add (local.get $wanted) (local.get $want)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $each)))
    (local.get $wanted))
  ;; Reads ahead the slots of table t that the n moves' lookups will read, their context hashing to $context;
  ;; $only: just the moves whose triple is wanted (as $scoreShort left them). With the triples' index row at
  ;; $row, the slots it names.
  (func $prefetch (param $t i32) (param $n i32) (param $moves i32) (param $context i32) (param $only i32)
      (param $row i32)
    (local $i i32) (local $acc i32) (local $base i32) (local $mask i32) (local $v i32)
    (local.set $mask (call $mask (local.get $t)))
    (if (i32.lt_u (local.get $mask) (i32.const 32767)) (then (return)))
    (local.set $base (call $base (local.get $t)))
    (block $done (loop $each
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (if (i32.or (i32.eqz (local.get $only))
            (i32.load offset=12 (i32.add (global.get $weights) (i32.shl (local.get $i) (i32.const 4)))))
        (then
          (if (local.get $row)
            (then
              (local.set $v (i32.load (i32.add (local.get $row)
                (i32.shl (call $index (i32.shr_u (local.get $t) (i32.const 1)) (call $at (local.get $moves) (local.get $i)))
                  (i32.const 2)))))
              (if (local.get $v)
                (then (local.set $acc (i32.xor (local.get $acc) (i32.load offset=24 (i32.add (local.get $base)
                  (i32.shl (i32.sub (local.get $v) (i32.const 1)) (i32.const 5)))))))))
            (else (local.set $acc (i32.xor (local.get $acc) (i32.load offset=24 (i32.add (local.get $base) (i32.shl
              (call $homeOf (local.get $context) (call $at (local.get $moves) (local.get $i)) (local.get $mask))
              (i32.const 5))))))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $each)))
    (global.set $sink (i32.xor (global.get $sink) (local.get $acc))))
  ;; Whether a triple of role r after the moves before and last can count: role r - 1's pair (before, last) reaches
  ;; the floor, or that role's pair table has dropped pairs (then it bounds nothing); see nst.ts's tripleFloor.
  (func $contextReaches (param $r i32) (param $before i32) (param $last i32) (result i32)
    (local $p i32) (local $t i32) (local $c i32)
    (local.set $p (call $prev1 (local.get $r)))
    (local.set $t (i32.shl (local.get $p) (i32.const 1)))
    (if (i32.load offset=4 (call $head (local.get $t))) (then (return (i32.const 1))))
    (local.set $c
      (if (result i32) (call $dense (local.get $p))
        (then
          (local.set $c (call $cell (local.get $p) (local.get $before) (local.get $last)))
          (select (local.get $c) (i32.const 0) (i32.load offset=24 (local.get $c))))
        (else (call $findIn (call $base (local.get $t)) (call $mask (local.get $t))
          (call $contextHash (i32.const 0) (local.get $before)) (i32.const 0) (local.get $before) (local.get $last)))))
    (f64.ge
      (if (result f64) (local.get $c) (then (call $decayed (local.get $t) (local.get $c))) (else (f64.const 0)))
      (global.get $floor)))
  ;; ε-greedy (section 3.2): a uniform draw with probability ε, else the best T(a).
  (func $nstChoose (param $r i32) (param $n i32) (param $moves i32) (param $ctx i32) (param $steps i32) (result i32)
    (if (result i32) (f64.lt (call $rand) (global.get $eps))
      (then (call $below (local.get $n)))
      (else (call $nstGreedy (local.get $r) (local.get $n) (local.get $moves) (local.get $ctx) (local.get $steps)))))
  (func $nstGreedy (param $r i32) (param $n i32) (param $moves i32) (param $ctx i32) (param $steps i32) (result i32)
    (local $i i32) (local $best i32) (local $ties i32) (local $s f64) (local $bestScore f64) (local $last i32)
    (local $before i32) (local $triples i32) (local $a i32) (local $j i32) (local $sum f64) (local $terms i32)
    (local $base i32) (local $mask i32) (local $context i32) (local $row i32) (local $v i32) (local $gate i32)
    ;; The context is the same for every move scored: read once.
    (if (i32.ge_u (local.get $steps) (i32.const 1))
      (then (local.set $last (call $lastBefore (local.get $ctx) (local.get $steps) (local.get $r)))))
    (if (i32.ge_u (local.get $steps) (i32.const 2))
      (then (local.set $before (call $twoBefore (local.get $ctx) (local.get $steps) (local.get $r)))))
    (local.set $triples (i32.add (i32.shl (local.get $r) (i32.const 1)) (i32.const 1)))
    (local.set $base (call $base (local.get $triples)))
    (local.set $mask (call $mask (local.get $triples)))
    (local.set $context (call $contextHash (local.get $before) (local.get $last)))
    (if (i32.ge_u (local.get $steps) (i32.const 2))
      (then (local.set $gate (call $contextReaches (local.get $r) (local.get $before) (local.get $last)))))
    (if (i32.and (local.get $gate) (i32.ne (i32.load offset=8 (call $denseHead (local.get $r))) (i32.const 0)))
      (then (local.set $row (call $tripleRow (local.get $r) (local.get $before) (local.get $last)))))
    (if (call $scoreShort (local.get $r) (local.get $n) (local.get $moves) (local.get $last) (local.get $steps)
          (local.get $gate))
      (then (call $prefetch (local.get $triples) (local.get $n) (local.get $moves) (local.get $context) (i32.const 1)
        (local.get $row))))
    (local.set $bestScore (f64.const -inf))
    (block $done (loop $each
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $a (i32.add (global.get $weights) (i32.shl (local.get $i) (i32.const 4))))
      (local.set $sum (f64.load (local.get $a)))
      (local.set $terms (i32.load offset=8 (local.get $a)))
      (if (i32.load offset=12 (local.get $a))
        (then
          (local.set $j
            (if (result i32) (local.get $row)
              (then
                (local.set $v (i32.load (i32.add (local.get $row)
                  (i32.shl (call $index (local.get $r) (call $at (local.get $moves) (local.get $i))) (i32.const 2)))))
                (select (i32.add (local.get $base) (i32.shl (i32.sub (local.get $v) (i32.const 1)) (i32.const 5)))
                  (i32.const 0) (local.get $v)))
              (else (call $findIn (local.get $base) (local.get $mask) (local.get $context) (local.get $before)
                (local.get $last) (call $at (local.get $moves) (local.get $i))))))
          (if (local.get $j)
            (then
              (if (f64.ge (call $decayed (local.get $triples) (local.get $j)) (global.get $k))
                (then
                  (local.set $sum (f64.add (local.get $sum) (f64.load offset=8 (local.get $j))))
                  (local.set $terms (i32.add (local.get $terms) (i32.const 1)))))))))
      (local.set $s (f64.div (local.get $sum) (f64.convert_i32_u (local.get $terms))))
      (if (f64.gt (local.get $s) (local.get $bestScore))
        (then (local.set $bestScore (local.get $s)) (local.set $best (local.get $i)) (local.set $ties (i32.const 1)))
        (else
          (if (f64.eq (local.get $s) (local.get $bestScore))
            (then
              (local.set $ties (i32.add (local.get $ties) (i32.const 1)))
              (if (i32.eqz (call $below (local.get $ties))) (then (local.set $best (local.get $i))))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $each)))
    (local.get $best))

  ;; ---- MAST (section 3.1): Gibbs measure over Qh(a), unseen moves 100 ----
  (func $mastChoose (param $r i32) (param $n i32) (param $moves i32) (result i32)
    (local $i i32) (local $m i32) (local $v f64) (local $max f64) (local $total f64) (local $x f64) (local $w i32)
    (local.set $max (f64.const -inf))
    (block $done (loop $each
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $m (call $at (local.get $moves) (local.get $i)))
      (local.set $v (if (result f64) (f64.gt (call $sCount (local.get $r) (local.get $m)) (f64.const 0))
        (then (call $sAverage (local.get $r) (local.get $m))) (else (f64.const 100))))
      (f64.store (i32.add (global.get $weights) (i32.shl (local.get $i) (i32.const 3))) (local.get $v))
      (if (f64.gt (local.get $v) (local.get $max)) (then (local.set $max (local.get $v))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $each)))
    (local.set $i (i32.const 0))
    (block $done (loop $each
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $w (i32.add (global.get $weights) (i32.shl (local.get $i) (i32.const 3))))
      (local.set $v (call $exp (f64.div (f64.sub (f64.load (local.get $w)) (local.get $max)) (global.get $tau))))
      (f64.store (local.get $w) (local.get $v))
      (local.set $total (f64.add (local.get $total) (local.get $v)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $each)))
    (local.set $x (f64.mul (call $rand) (local.get $total)))
    (local.set $i (i32.const 0))
    (block $done (loop $each
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $x (f64.sub (local.get $x) (f64.load (i32.add (global.get $weights) (i32.shl (local.get $i) (i32.const 3))))))
      (if (f64.lt (local.get $x) (f64.const 0)) (then (return (local.get $i))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $each)))
    (i32.sub (local.get $n) (i32.const 1)))

  (func $choose (param $r i32) (param $n i32) (param $moves i32) (param $ctx i32) (param $steps i32) (result i32)
    (if (i32.eq (global.get $kind) (i32.const 2))
      (then (return (call $nstChoose (local.get $r) (local.get $n) (local.get $moves) (local.get $ctx) (local.get $steps)))))
    (if (i32.eq (global.get $kind) (i32.const 1))
      (then (return (call $mastChoose (local.get $r) (local.get $n) (local.get $moves)))))
    (call $below (local.get $n)))

  ;; The slots $record will update (each step's pair and triple of every role), read ahead (see $touch).
  (func $prefetchRecord (param $hist i32) (param $steps i32)
    (local $step i32) (local $r i32) (local $row i32) (local $move i32) (local $last i32) (local $acc i32)
    (local.set $step (i32.const 1))
    (block $steps_done (loop $steps_loop
      (br_if $steps_done (i32.ge_u (local.get $step) (local.get $steps)))
      (local.set $row (i32.mul (local.get $step) (global.get $R)))
      (local.set $r (i32.const 0))
      (block $roles_done (loop $roles
        (br_if $roles_done (i32.ge_u (local.get $r) (global.get $R)))
        (if (call $large (i32.shl (local.get $r) (i32.const 1)))
          (then
            (local.set $move (call $at (local.get $hist) (i32.add (local.get $row) (local.get $r))))
            (local.set $last (call $lastBefore (local.get $hist) (local.get $step) (local.get $r)))
            (local.set $acc (i32.xor (local.get $acc)
              (if (result i32) (call $dense (local.get $r))
                (then (i32.load offset=24 (call $cell (local.get $r) (local.get $last) (local.get $move))))
                (else (call $touch (i32.shl (local.get $r) (i32.const 1)) (i32.const 0) (local.get $last) (local.get $move))))))
            (if (i32.ge_u (local.get $step) (i32.const 2))
              (then (local.set $acc (i32.xor (local.get $acc)
                (call $touchTriple (local.get $r)
                  (call $twoBefore (local.get $hist) (local.get $step) (local.get $r))
                  (local.get $last) (local.get $move))))))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $roles)))
      (local.set $step (i32.add (local.get $step) (i32.const 1)))
      (br $steps_loop)))
    (global.set $sink (i32.xor (global.get $sink) (local.get $acc))))
  ;; Learns one simulation: every move of every role with that role's reward (sections 3.1–3.2).
  (func $record (param $hist i32) (param $steps i32) (param $rewards i32)
    (local $step i32) (local $r i32) (local $move i32) (local $x f64) (local $last i32) (local $row i32)
    (if (i32.eqz (global.get $kind)) (then (return)))
    (if (i32.eq (global.get $kind) (i32.const 2)) (then (call $prefetchRecord (local.get $hist) (local.get $steps))))
    (block $steps_done (loop $steps_loop
      (br_if $steps_done (i32.ge_u (local.get $step) (local.get $steps)))
      (local.set $row (i32.mul (local.get $step) (global.get $R)))
      (local.set $r (i32.const 0))
      (block $roles_done (loop $roles
        (br_if $roles_done (i32.ge_u (local.get $r) (global.get $R)))
        (local.set $move (call $at (local.get $hist) (i32.add (local.get $row) (local.get $r))))
        (local.set $x (f64.load (i32.add (local.get $rewards) (i32.shl (local.get $r) (i32.const 3)))))
        (call $sAdd (local.get $r) (local.get $move) (local.get $x))
        (if (i32.and (i32.eq (global.get $kind) (i32.const 2)) (i32.ge_u (local.get $step) (i32.const 1)))
          (then
            (local.set $last (call $lastBefore (local.get $hist) (local.get $step) (local.get $r)))
            (call $gAdd (i32.shl (local.get $r) (i32.const 1)) (i32.const 0) (local.get $last) (local.get $move) (local.get $x))
            (if (i32.ge_u (local.get $step) (i32.const 2))
              (then
                (call $gAdd (i32.add (i32.shl (local.get $r) (i32.const 1)) (i32.const 1))
                  (call $twoBefore (local.get $hist) (local.get $step) (local.get $r))
                  (local.get $last) (local.get $move) (local.get $x))))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $roles)))
      (local.set $step (i32.add (local.get $step) (i32.const 1)))
      (br $steps_loop)))
    (if (i32.eq (global.get $kind) (i32.const 2))
      (then
        (local.set $r (i32.const 0))
        (block $done (loop $each
          (br_if $done (i32.ge_u (local.get $r) (global.get $R)))
          (call $sweep (i32.shl (local.get $r) (i32.const 1)) (i32.const 64))
          (call $sweep (i32.add (i32.shl (local.get $r) (i32.const 1)) (i32.const 1)) (i32.const 64))
          (local.set $r (i32.add (local.get $r) (i32.const 1)))
          (br $each))))))

  ;; ---- the PolicyTable operations the tree calls ----
  (func (export "chooseWith") (param $r i32) (param $n i32) (param $moves i32) (param $ctx i32) (param $steps i32) (result i32)
    (local $i i32)
    (global.set $external (i32.const 1))
    (local.set $i (call $choose (local.get $r) (local.get $n) (local.get $moves) (local.get $ctx) (local.get $steps)))
    (global.set $external (i32.const 0))
    (local.get $i))
  (func (export "record") (param $hist i32) (param $steps i32) (param $rewards i32)
    (call $record (local.get $hist) (local.get $steps) (local.get $rewards)))
  ;; Section 4's decay after a real move: single moves at once, sequence tables lazily (an epoch).
  (func (export "decay")
    (local $t i32)
    (if (i32.or (i32.eqz (global.get $kind)) (f64.eq (global.get $gamma) (f64.const 1))) (then (return)))
    (call $sDecay)
    (if (i32.eq (global.get $kind) (i32.const 2))
      (then
        (block $done (loop $each
          (br_if $done (i32.ge_u (local.get $t) (i32.shl (global.get $R) (i32.const 1))))
          (i32.store offset=8 (call $head (local.get $t)) (i32.add (i32.load offset=8 (call $head (local.get $t))) (i32.const 1)))
          (i32.store offset=20 (call $head (local.get $t)) (i32.add (call $mask (local.get $t)) (i32.const 1)))
          (local.set $t (i32.add (local.get $t) (i32.const 1)))
          (br $each))))))
  (func (export "size") (result i32)
    (local $t i32) (local $n i32)
    (if (i32.eqz (global.get $kind)) (then (return (i32.const 0))))
    (local.set $n (call $sSize))
    (if (i32.eq (global.get $kind) (i32.const 2))
      (then
        (block $done (loop $each
          (br_if $done (i32.ge_u (local.get $t) (i32.shl (global.get $R) (i32.const 1))))
          (local.set $n (i32.add (local.get $n) (i32.load (call $head (local.get $t)))))
          (local.set $t (i32.add (local.get $t) (i32.const 1)))
          (br $each)))))
    (local.get $n))
  (func (export "value") (param $r i32) (param $m i32) (result f64)
    (if (result f64) (f64.gt (call $sCount (local.get $r) (local.get $m)) (f64.const 0))
      (then (call $sAverage (local.get $r) (local.get $m))) (else (f64.const 100))))
  (func (export "count") (param $r i32) (param $m i32) (result f64) (call $sCount (local.get $r) (local.get $m)))

  ;; Makes the last joint move of the history (length $hlen) in the loaded state, which must not be terminal and
  ;; must have each of those moves legal (core's forcedStart); returns 0 when it could not.
  (func $force (param $hist i32) (param $hlen i32) (result i32)
    (local $r i32) (local $n i32) (local $j i32) (local $move i32)
    (if (call $gTerminal) (then (return (i32.const 0))))
    (block $roles_done (loop $roles
      (br_if $roles_done (i32.ge_u (local.get $r) (global.get $R)))
      (local.set $move (call $at (local.get $hist) (i32.add (i32.sub (local.get $hlen) (global.get $R)) (local.get $r))))
      (local.set $n (call $gLegal (local.get $r)))
      (local.set $j (i32.const 0))
      (block $found (loop $scan
        (if (i32.ge_u (local.get $j) (local.get $n)) (then (return (i32.const 0))))
        (br_if $found (i32.eq (call $at (global.get $terms) (call $gLegalAt (local.get $j))) (local.get $move)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $scan)))
      (call $gSelect (local.get $r) (local.get $j))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $roles)))
    (call $gAdvance)
    (i32.const 1))

  ;; The terms of the n legal moves the game module listed last, into the scratch list.
  (func $listLegal (param $n i32)
    (local $j i32)
    (block $listed (loop $list
      (br_if $listed (i32.ge_u (local.get $j) (local.get $n)))
      (i32.store (i32.add (global.get $list) (i32.shl (local.get $j) (i32.const 2)))
        (call $at (global.get $terms) (call $gLegalAt (local.get $j))))
      (local.set $j (i32.add (local.get $j) (i32.const 1)))
      (br $list))))

  ;; ---- simulate: core's genericSimulate, whole, inside the module ----
  ;; starts: per simulation the game-memory address of its start state (i32); offsets/prefix: the batch's
  ;; prefixes (move terms); forced: per simulation one byte, 1 when its prefix's last joint move is made first
  ;; (0: no such bytes); goals f64 and depths i32 per simulation; truncated one byte each; moveOffsets and
  ;; recorded: the playouts' moves when asked (recorded grows the memory); hist: room for the longest history.
  ;; Returns 0, r + 1 when role r has no legal move in a non-terminal state, -1 when memory ran out, or -2 - i
  ;; when simulation i forces a move not legal in its start.
  (func (export "simulate") (param $count i32) (param $maxDepth i32) (param $recordMoves i32) (param $seedValue i32)
      (param $starts i32) (param $offsets i32) (param $prefix i32) (param $forced i32) (param $goals i32)
      (param $depths i32) (param $truncated i32) (param $moveOffsets i32) (param $hist i32) (param $recorded i32)
      (result i32)
    (local $i i32) (local $hlen i32) (local $plen i32) (local $depth i32) (local $r i32) (local $n i32)
    (local $c i32) (local $ctxSteps i32) (local $ctx i32) (local $g f64) (local $recLen i32)
    (local $end i32) (local $from i32)
    (call $seed (local.get $seedValue))
    (global.set $external (i32.const 0))
    (if (local.get $recordMoves) (then (i32.store (local.get $moveOffsets) (i32.const 0))))
    (block $all_done (loop $sims
      (br_if $all_done (i32.ge_u (local.get $i) (local.get $count)))
      (local.set $from (call $at (local.get $offsets) (local.get $i)))
      (local.set $hlen (i32.sub (call $at (local.get $offsets) (i32.add (local.get $i) (i32.const 1))) (local.get $from)))
      (memory.copy (local.get $hist) (i32.add (local.get $prefix) (i32.shl (local.get $from) (i32.const 2)))
        (i32.shl (local.get $hlen) (i32.const 2)))
      (local.set $plen (local.get $hlen))
      (call $gLoad (call $at (local.get $starts) (local.get $i)))
      (if (local.get $forced)
        (then
          (if (i32.load8_u (i32.add (local.get $forced) (local.get $i)))
            (then
              (if (i32.eqz (call $force (local.get $hist) (local.get $hlen)))
                (then (return (i32.sub (i32.const -2) (local.get $i)))))))))
      (local.set $depth (i32.const 0))
      (i32.store8 (i32.add (local.get $truncated) (local.get $i)) (i32.const 0))
      (block $over (loop $step
        (br_if $over (call $gTerminal))
        (if (i32.ge_u (local.get $depth) (local.get $maxDepth))
          (then (i32.store8 (i32.add (local.get $truncated) (local.get $i)) (i32.const 1)) (br $over)))
        (local.set $ctxSteps (i32.div_u (local.get $hlen) (global.get $R)))
        (if (i32.gt_u (local.get $ctxSteps) (i32.const 2)) (then (local.set $ctxSteps (i32.const 2))))
        (local.set $ctx (i32.add (local.get $hist) (i32.shl
          (i32.sub (local.get $hlen) (i32.mul (local.get $ctxSteps) (global.get $R))) (i32.const 2))))
        (local.set $r (i32.const 0))
        (block $roles_done (loop $roles
          (br_if $roles_done (i32.ge_u (local.get $r) (global.get $R)))
          (local.set $n (call $gLegal (local.get $r)))
          (if (i32.eqz (local.get $n)) (then (return (i32.add (local.get $r) (i32.const 1)))))
          ;; The legal moves' terms are listed only for a choice that scores them (MAST, NST's greedy choice): a
          ;; lone move, a uniform draw and NST's ε-draw need the chosen move's term alone. The draws are $choose's.
          (local.set $c (i32.const 0))
          (if (i32.gt_u (local.get $n) (i32.const 1))
            (then
              (if (i32.eq (global.get $kind) (i32.const 2))
                (then
                  (if (f64.lt (call $rand) (global.get $eps))
                    (then (local.set $c (call $below (local.get $n))))
                    (else
                      (call $listLegal (local.get $n))
                      (local.set $c (call $nstGreedy (local.get $r) (local.get $n) (global.get $list) (local.get $ctx)
                        (local.get $ctxSteps))))))
                (else
                  (if (i32.eqz (global.get $kind))
                    (then (local.set $c (call $below (local.get $n))))
                    (else
                      (call $listLegal (local.get $n))
                      (local.set $c (call $mastChoose (local.get $r) (local.get $n) (global.get $list)))))))))
          (call $gSelect (local.get $r) (local.get $c))
          (i32.store (i32.add (local.get $hist) (i32.shl (i32.add (local.get $hlen) (local.get $r)) (i32.const 2)))
            (call $at (global.get $terms) (call $gLegalAt (local.get $c))))
          (local.set $r (i32.add (local.get $r) (i32.const 1)))
          (br $roles)))
        (local.set $hlen (i32.add (local.get $hlen) (global.get $R)))
        (call $gAdvance)
        (local.set $depth (i32.add (local.get $depth) (i32.const 1)))
        (br $step)))
      (call $gGoals)
      (local.set $r (i32.const 0))
      (block $goals_done (loop $each_goal
        (br_if $goals_done (i32.ge_u (local.get $r) (global.get $R)))
        (local.set $g (f64.convert_i32_s (call $gGoal (local.get $r))))
        (f64.store (i32.add (local.get $goals) (i32.shl (i32.add (i32.mul (local.get $i) (global.get $R)) (local.get $r)) (i32.const 3)))
          (local.get $g))
        (f64.store (i32.add (global.get $rewards) (i32.shl (local.get $r) (i32.const 3))) (local.get $g))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $each_goal)))
      (i32.store (i32.add (local.get $depths) (i32.shl (local.get $i) (i32.const 2))) (local.get $depth))
      (call $record (local.get $hist) (i32.div_u (local.get $hlen) (global.get $R)) (global.get $rewards))
      (if (local.get $recordMoves)
        (then
          (local.set $end (i32.add (local.get $recorded)
            (i32.shl (i32.sub (i32.add (local.get $recLen) (local.get $hlen)) (local.get $plen)) (i32.const 2))))
          (if (i32.gt_u (local.get $end) (i32.shl (memory.size) (i32.const 16)))
            (then
              (if (i32.eq (memory.grow (i32.sub (i32.add (i32.shr_u (local.get $end) (i32.const 16)) (i32.const 1)) (memory.size)))
                    (i32.const -1))
                (then (return (i32.const -1))))))
          (memory.copy (i32.add (local.get $recorded) (i32.shl (local.get $recLen) (i32.const 2)))
            (i32.add (local.get $hist) (i32.shl (local.get $plen) (i32.const 2)))
            (i32.shl (i32.sub (local.get $hlen) (local.get $plen)) (i32.const 2)))
          (local.set $recLen (i32.add (local.get $recLen) (i32.sub (local.get $hlen) (local.get $plen))))
          (i32.store (i32.add (local.get $moveOffsets) (i32.shl (i32.add (local.get $i) (i32.const 1)) (i32.const 2)))
            (local.get $recLen))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $sims)))
    (i32.const 0))
)
`;
