;; Hamming distance with i64.popcnt. Built into hamming-wasm.ts by
;; scripts/build-wasm.mjs (wabt); `pnpm gen:check` proves the build is current.
;; Vectors are n 64-bit words at 8-byte aligned offsets of the exported memory.
(module
  (memory (export "memory") 1)

  ;; Differing bits between the vectors at byte offsets $a and $b.
  ;; Two accumulators let the CPU overlap consecutive popcounts.
  (func $hamming (export "hamming") (param $a i32) (param $b i32) (param $n i32) (result i32)
    (local $x i64) (local $y i64) (local $end i32)
    (local.set $end (i32.add (local.get $a) (i32.shl (i32.and (local.get $n) (i32.const -2)) (i32.const 3))))
    (block $pairs_done
      (loop $pairs
        (br_if $pairs_done (i32.ge_u (local.get $a) (local.get $end)))
        (local.set $x (i64.add (local.get $x)
          (i64.popcnt (i64.xor (i64.load (local.get $a)) (i64.load (local.get $b))))))
        (local.set $y (i64.add (local.get $y)
          (i64.popcnt (i64.xor (i64.load offset=8 (local.get $a)) (i64.load offset=8 (local.get $b))))))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $b (i32.add (local.get $b) (i32.const 16)))
        (br $pairs)))
    ;; An odd word count leaves one word.
    (if (i32.and (local.get $n) (i32.const 1))
      (then
        (local.set $x (i64.add (local.get $x)
          (i64.popcnt (i64.xor (i64.load (local.get $a)) (i64.load (local.get $b))))))))
    (i32.wrap_i64 (i64.add (local.get $x) (local.get $y))))

  ;; Distances from the query at $q to $count vectors stored back to back from
  ;; $base, written as i32s from $out.
  (func (export "distances") (param $q i32) (param $base i32) (param $count i32) (param $n i32) (param $out i32)
    (local $stride i32) (local $end i32)
    (local.set $stride (i32.shl (local.get $n) (i32.const 3)))
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (i32.store (local.get $out) (call $hamming (local.get $q) (local.get $base) (local.get $n)))
        (local.set $base (i32.add (local.get $base) (local.get $stride)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $next))))
)
