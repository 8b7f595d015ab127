/// Scratch of `SimplexCore.raiseDependents`, kept between calls so that a walk costs no
/// allocation.
struct LevelWalk {
    var work: [Int32] = []
    var raised: [(row: Int32, level: Int32)] = []
}
