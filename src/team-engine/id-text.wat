;; The search of the users' IDs (src/team-engine/id-text.ts), 16 bytes at a time with WebAssembly's SIMD.
;; The text is rows of `client\0user\0` in UTF-8; a row's number is half the zeros before it.
;; Built into id-text-wasm.ts by `npm run build:wasm`; a unit test checks the two agree.
(module
  (memory (export "memory") 1)

  ;; Marks the rows holding the needle (`m` bytes at `needle`, no zero among them) in the text from
  ;; `from` (where row 0 starts) to `to`: `out[row] = 1`, and the row's number at `list[count]`
  ;; while `count < cap`. Returns the count. Memory must be readable 16 + m bytes past `to`.
  ;; Candidates are where the needle's first and last bytes are in place (16 tested at once), each
  ;; checked whole; after a hit the scan goes on at the next row, found by counting zeros.
  (func $scan (export "scan")
    (param $from i32) (param $to i32) (param $needle i32) (param $m i32)
    (param $out i32) (param $list i32) (param $cap i32) (result i32)
    (local $first v128) (local $last v128) (local $block v128)
    (local $pos i32) (local $lastAt i32) (local $hits i32) (local $zeros i32) (local $zerosSeen i32)
    (local $j i32) (local $p i32) (local $k i32) (local $row i32) (local $count i32) (local $need i32)
    (local.set $lastAt (i32.sub (local.get $m) (i32.const 1)))
    (local.set $first (i8x16.splat (i32.load8_u (local.get $needle))))
    (local.set $last (i8x16.splat (i32.load8_u (i32.add (local.get $needle) (local.get $lastAt)))))
    (local.set $pos (local.get $from))
    (block $done
      (loop $blocks
        (br_if $done (i32.ge_u (local.get $pos) (local.get $to)))
        (local.set $block (v128.load (local.get $pos)))
        (local.set $hits (i8x16.bitmask (v128.and
          (i8x16.eq (local.get $block) (local.get $first))
          (i8x16.eq (v128.load (i32.add (local.get $pos) (local.get $lastAt))) (local.get $last)))))
        (local.set $zeros (i8x16.bitmask (i8x16.eq (local.get $block) (v128.const i64x2 0 0))))
        (block $noHit
          (loop $candidates
            (br_if $noHit (i32.eqz (local.get $hits)))
            (local.set $j (i32.ctz (local.get $hits)))
            (local.set $hits (i32.and (local.get $hits) (i32.sub (local.get $hits) (i32.const 1))))
            (local.set $p (i32.add (local.get $pos) (local.get $j)))
            (br_if $done (i32.ge_u (local.get $p) (local.get $to)))
            ;; the bytes between the first and the last
            (local.set $k (i32.const 1))
            (block $whole
              (loop $check
                (br_if $whole (i32.ge_u (local.get $k) (local.get $lastAt)))
                (br_if $candidates (i32.ne
                  (i32.load8_u (i32.add (local.get $p) (local.get $k)))
                  (i32.load8_u (i32.add (local.get $needle) (local.get $k)))))
                (local.set $k (i32.add (local.get $k) (i32.const 1)))
                (br $check)))
            ;; a hit: its row, from the zeros before it
            (local.set $zerosSeen (i32.add (local.get $zerosSeen)
              (i32.popcnt (i32.and (local.get $zeros) (i32.sub (i32.shl (i32.const 1) (local.get $j)) (i32.const 1))))))
            (local.set $row (i32.shr_u (local.get $zerosSeen) (i32.const 1)))
            (i32.store8 (i32.add (local.get $out) (local.get $row)) (i32.const 1))
            (if (i32.lt_u (local.get $count) (local.get $cap))
              (then (i32.store (i32.add (local.get $list) (i32.shl (local.get $count) (i32.const 2))) (local.get $row))))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))
            ;; on past the row's last zero: one or two more from the hit
            (local.set $need (i32.sub (i32.const 2) (i32.and (local.get $zerosSeen) (i32.const 1))))
            (local.set $zerosSeen (i32.add (i32.shl (local.get $row) (i32.const 1)) (i32.const 2)))
            (local.set $pos (local.get $p))
            (loop $toRowEnd
              (local.set $zeros (i8x16.bitmask (i8x16.eq (v128.load (local.get $pos)) (v128.const i64x2 0 0))))
              (if (i32.lt_u (i32.popcnt (local.get $zeros)) (local.get $need))
                (then
                  (local.set $need (i32.sub (local.get $need) (i32.popcnt (local.get $zeros))))
                  (local.set $pos (i32.add (local.get $pos) (i32.const 16)))
                  (br $toRowEnd))))
            (if (i32.eq (local.get $need) (i32.const 2))
              (then (local.set $zeros (i32.and (local.get $zeros) (i32.sub (local.get $zeros) (i32.const 1))))))
            (local.set $pos (i32.add (local.get $pos) (i32.add (i32.ctz (local.get $zeros)) (i32.const 1))))
            (br $blocks)))
        (local.set $zerosSeen (i32.add (local.get $zerosSeen) (i32.popcnt (local.get $zeros))))
        (local.set $pos (i32.add (local.get $pos) (i32.const 16)))
        (br $blocks)))
    (local.get $count))

  ;; Tests rows alone: `count` rows, each a pair of u32 at `ranges` (where its text starts, and where
  ;; the next row's does). Lists at `hits` the place in `ranges` of each row holding the needle, as
  ;; `scan` finds it (`scratch`: a byte it marks). Returns how many. One call for many rows: a call
  ;; from JavaScript a row cost more than searching the row.
  (func (export "scanRanges")
    (param $ranges i32) (param $count i32) (param $needle i32) (param $m i32) (param $scratch i32) (param $hits i32)
    (result i32)
    (local $i i32) (local $at i32) (local $found i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (local.set $at (i32.add (local.get $ranges) (i32.shl (local.get $i) (i32.const 3))))
        (if (call $scan (i32.load (local.get $at)) (i32.load offset=4 (local.get $at))
              (local.get $needle) (local.get $m) (local.get $scratch) (local.get $scratch) (i32.const 0))
          (then
            (i32.store (i32.add (local.get $hits) (i32.shl (local.get $found) (i32.const 2))) (local.get $i))
            (local.set $found (i32.add (local.get $found) (i32.const 1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each)))
    (local.get $found))

  ;; Marks the rows whose mask (of digits or letters: `rows` u16 at `masks`, zeros after them up to
  ;; a multiple of 16) has `bit`: `out[row]` is 1 or 0, 16 rows at a time. Returns the count.
  (func (export "withBit") (param $masks i32) (param $rows i32) (param $bit i32) (param $out i32) (result i32)
    (local $wanted v128) (local $marks v128) (local $row i32) (local $at i32) (local $count i32)
    (local.set $wanted (i16x8.splat (local.get $bit)))
    (block $done
      (loop $sixteen
        (br_if $done (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $at (i32.add (local.get $masks) (i32.shl (local.get $row) (i32.const 1))))
        ;; -1 in each lane holding the bit, 0 elsewhere, narrowed to a byte a row
        (local.set $marks (i8x16.narrow_i16x8_s
          (i16x8.ne (v128.and (v128.load (local.get $at)) (local.get $wanted)) (v128.const i64x2 0 0))
          (i16x8.ne (v128.and (v128.load offset=16 (local.get $at)) (local.get $wanted)) (v128.const i64x2 0 0))))
        (v128.store (i32.add (local.get $out) (local.get $row)) (v128.and (local.get $marks) (i8x16.splat (i32.const 1))))
        (local.set $count (i32.add (local.get $count) (i32.popcnt (i8x16.bitmask (local.get $marks)))))
        (local.set $row (i32.add (local.get $row) (i32.const 16)))
        (br $sixteen)))
    (local.get $count))

  ;; Marks the rows whose byte at `bytes` (`rows` of them, readable up to a multiple of 16) is
  ;; `value`: `out[row]` is 1 or 0, 16 rows at a time. Returns the count.
  (func (export "equal") (param $bytes i32) (param $rows i32) (param $value i32) (param $out i32) (result i32)
    (local $wanted v128) (local $marks v128) (local $row i32) (local $count i32)
    (local.set $wanted (i8x16.splat (local.get $value)))
    (block $done
      (loop $sixteen
        (br_if $done (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $marks (i8x16.eq (v128.load (i32.add (local.get $bytes) (local.get $row))) (local.get $wanted)))
        ;; past the last row: none
        (if (i32.lt_u (i32.sub (local.get $rows) (local.get $row)) (i32.const 16))
          (then (local.set $marks (v128.and (local.get $marks)
            (i8x16.lt_u (v128.const i8x16 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
              (i8x16.splat (i32.sub (local.get $rows) (local.get $row))))))))
        (v128.store (i32.add (local.get $out) (local.get $row)) (v128.and (local.get $marks) (i8x16.splat (i32.const 1))))
        (local.set $count (i32.add (local.get $count) (i32.popcnt (i8x16.bitmask (local.get $marks)))))
        (local.set $row (i32.add (local.get $row) (i32.const 16)))
        (br $sixteen)))
    (local.get $count))

  ;; Lists in order the rows whose byte at `marks` is `mark`, 16 at a time: their numbers
  ;; at `list`. Returns how many were listed.
  (func (export "marked") (param $marks i32) (param $rows i32) (param $mark i32) (param $list i32) (result i32)
    (local $wanted v128) (local $row i32) (local $bits i32) (local $count i32)
    (local.set $wanted (i8x16.splat (local.get $mark)))
    (block $done
      (loop $sixteen
        (br_if $done (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $bits (i8x16.bitmask (i8x16.eq (v128.load (i32.add (local.get $marks) (local.get $row))) (local.get $wanted))))
        ;; past the last row: none
        (if (i32.lt_u (i32.sub (local.get $rows) (local.get $row)) (i32.const 16))
          (then (local.set $bits (i32.and (local.get $bits)
            (i32.sub (i32.shl (i32.const 1) (i32.sub (local.get $rows) (local.get $row))) (i32.const 1))))))
        (block $listed
          (loop $each
            (br_if $listed (i32.eqz (local.get $bits)))
            (i32.store (i32.add (local.get $list) (i32.shl (local.get $count) (i32.const 2)))
              (i32.add (local.get $row) (i32.ctz (local.get $bits))))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))
            (local.set $bits (i32.and (local.get $bits) (i32.sub (local.get $bits) (i32.const 1))))
            (br $each)))
        (local.set $row (i32.add (local.get $row) (i32.const 16)))
        (br $sixteen)))
    (local.get $count))

  ;; For each row from `from` (where a row starts) to `to`, ORs into its mask (u16 at `masks`, a
  ;; row's from the first) the bit of each hexadecimal digit (0-9 bits 0-9, a-f bits 10-15) that
  ;; follows the needle (`m` bytes at `needle`, no zero among them) somewhere in its text: the row
  ;; holds the needle and that digit after it exactly when the bit is set. Any other byte that
  ;; follows it goes in the row's byte at `others` (0 before any): that byte, or 255 once two
  ;; differ (no UTF-8 byte is 255). Returns how many rows turned 255.
  (func (export "follows") (param $from i32) (param $to i32) (param $needle i32) (param $m i32) (param $masks i32)
    (param $others i32) (result i32)
    (local $first v128) (local $last v128) (local $block v128)
    (local $pos i32) (local $lastAt i32) (local $hits i32) (local $zeros i32) (local $zerosSeen i32)
    (local $j i32) (local $p i32) (local $k i32) (local $next i32) (local $bit i32) (local $at i32)
    (local $row i32) (local $was i32) (local $several i32)
    (local.set $lastAt (i32.sub (local.get $m) (i32.const 1)))
    (local.set $first (i8x16.splat (i32.load8_u (local.get $needle))))
    (local.set $last (i8x16.splat (i32.load8_u (i32.add (local.get $needle) (local.get $lastAt)))))
    (local.set $pos (local.get $from))
    (block $done
      (loop $blocks
        (br_if $done (i32.ge_u (local.get $pos) (local.get $to)))
        (local.set $block (v128.load (local.get $pos)))
        (local.set $hits (i8x16.bitmask (v128.and
          (i8x16.eq (local.get $block) (local.get $first))
          (i8x16.eq (v128.load (i32.add (local.get $pos) (local.get $lastAt))) (local.get $last)))))
        (local.set $zeros (i8x16.bitmask (i8x16.eq (local.get $block) (v128.const i64x2 0 0))))
        (block $noHit
          (loop $candidates
            (br_if $noHit (i32.eqz (local.get $hits)))
            (local.set $j (i32.ctz (local.get $hits)))
            (local.set $hits (i32.and (local.get $hits) (i32.sub (local.get $hits) (i32.const 1))))
            (local.set $p (i32.add (local.get $pos) (local.get $j)))
            (br_if $done (i32.ge_u (local.get $p) (local.get $to)))
            (local.set $k (i32.const 1))
            (block $whole
              (loop $check
                (br_if $whole (i32.ge_u (local.get $k) (local.get $lastAt)))
                (br_if $candidates (i32.ne
                  (i32.load8_u (i32.add (local.get $p) (local.get $k)))
                  (i32.load8_u (i32.add (local.get $needle) (local.get $k)))))
                (local.set $k (i32.add (local.get $k) (i32.const 1)))
                (br $check)))
            ;; the byte after the needle: a digit's bit, another byte, or the field's end
            (local.set $next (i32.load8_u (i32.add (local.get $p) (local.get $m))))
            (br_if $candidates (i32.eqz (local.get $next)))
            (local.set $row (i32.shr_u
              (i32.add (local.get $zerosSeen)
                (i32.popcnt (i32.and (local.get $zeros) (i32.sub (i32.shl (i32.const 1) (local.get $j)) (i32.const 1)))))
              (i32.const 1)))
            (local.set $bit (i32.const 0))
            (if (i32.lt_u (i32.sub (local.get $next) (i32.const 48)) (i32.const 10))
              (then (local.set $bit (i32.shl (i32.const 1) (i32.sub (local.get $next) (i32.const 48))))))
            (if (i32.lt_u (i32.sub (local.get $next) (i32.const 97)) (i32.const 6))
              (then (local.set $bit (i32.shl (i32.const 1) (i32.sub (local.get $next) (i32.const 87))))))
            (if (local.get $bit)
              (then
                (local.set $at (i32.add (local.get $masks) (i32.shl (local.get $row) (i32.const 1))))
                (i32.store16 (local.get $at) (i32.or (i32.load16_u (local.get $at)) (local.get $bit))))
              (else
                (local.set $at (i32.add (local.get $others) (local.get $row)))
                (local.set $was (i32.load8_u (local.get $at)))
                (if (i32.eqz (local.get $was))
                  (then (i32.store8 (local.get $at) (local.get $next)))
                  (else (if (i32.and (i32.ne (local.get $was) (local.get $next)) (i32.ne (local.get $was) (i32.const 255)))
                    (then
                      (i32.store8 (local.get $at) (i32.const 255))
                      (local.set $several (i32.add (local.get $several) (i32.const 1)))))))))
            (br $candidates)))
        (local.set $zerosSeen (i32.add (local.get $zerosSeen) (i32.popcnt (local.get $zeros))))
        (local.set $pos (i32.add (local.get $pos) (i32.const 16)))
        (br $blocks)))
    (local.get $several))
)
