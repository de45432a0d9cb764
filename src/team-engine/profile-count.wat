;; The facets' count of a search's rows by profile (src/team-engine/profile-count.ts): every row read in
;; order, its profile's count raised by its mark. Two bytes a row's profile (teams of 256 to 65,535
;; profiles: a million demo users have 34,538); others are counted in JavaScript.
;; Built into profile-count-wasm.ts by `npm run build:wasm`; a unit test checks the two agree.
(module
  (memory (export "memory") 1)

  ;; For each of `rows` rows: `counts[p] += marks[row] ^ flip` (u32 counts), `p` the row's profile
  ;; (u16 at `profiles`).
  (func (export "count") (param $profiles i32) (param $marks i32) (param $rows i32) (param $flip i32) (param $counts i32)
    (local $row i32) (local $at i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $at (i32.add (local.get $counts)
          (i32.shl (i32.load16_u (i32.add (local.get $profiles) (i32.shl (local.get $row) (i32.const 1)))) (i32.const 2))))
        (i32.store (local.get $at)
          (i32.add (i32.load (local.get $at)) (i32.xor (i32.load8_u (i32.add (local.get $marks) (local.get $row))) (local.get $flip))))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $each))))

  ;; As `count`, and marks each row: `out[row] = passes[p] & (marks[row] ^ flip)`.
  (func (export "countPassing")
    (param $profiles i32) (param $marks i32) (param $rows i32) (param $flip i32) (param $counts i32) (param $passes i32) (param $out i32)
    (local $row i32) (local $p i32) (local $counted i32) (local $at i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $p (i32.load16_u (i32.add (local.get $profiles) (i32.shl (local.get $row) (i32.const 1)))))
        (local.set $counted (i32.xor (i32.load8_u (i32.add (local.get $marks) (local.get $row))) (local.get $flip)))
        (local.set $at (i32.add (local.get $counts) (i32.shl (local.get $p) (i32.const 2))))
        (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (local.get $counted)))
        (i32.store8 (i32.add (local.get $out) (local.get $row))
          (i32.and (i32.load8_u (i32.add (local.get $passes) (local.get $p))) (local.get $counted)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $each))))
)
