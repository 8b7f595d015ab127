/// Settings that are not state: the defaults serve every caller, and tests, fuzzers and
/// the core's own scratch solvers change them to reach rare paths often or to see one
/// mechanism alone.
package struct Tuning {
    /// The least growth of the cell pool between squeezes (tests lower it, through
    /// `squeezeCellsOften`, to squeeze often).
    var cellSqueezeSlack = 1 << 16
    /// Unchecked journal entries that make a commit into the outermost transaction filter
    /// the logs (`Journal.keepFirstEntries`); tests lower it to filter often.
    var journalFilterChunk = 1 << 12
    /// The size below which freed heap pages are never given back (see `FreedMemory.swift`).
    var trimmingFloor = defaultTrimmingFloor
    /// When a row's expansion is long enough to try a re-rooting first (see
    /// `SimplexCore+Reroot.swift`), and whether one is tried when no definition the row
    /// holds refers to another; tests lower the first and set the second so small
    /// systems re-root.
    var rerootTrials = defaultRerootTrials
    var rerootsShallowExpansions = false
    /// Whether definitions may start from their variables' ids (see `weighVariableOrder`);
    /// tests turn it off to compare.
    package var levelsStartFromVariableIDs = true
    /// Whether updates check their answer against the constraints as written (see
    /// `SimplexCore+Verification.swift`); tests turn it off to see the tableau alone.
    package var verifiesAnswers = true
    /// The most constraints for which decisions are checked exactly (see
    /// `SimplexCore+Certification.swift`); tests set 0 to see the float tableau alone.
    package var exactCertificationLimit = defaultExactCertificationLimit
    /// The most constraints for which a decision the float tableau could not take is taken
    /// in exact arithmetic instead (see `fitsExactFallback`); tests set 0 to see the float
    /// path alone.
    package var exactFallbackLimit = defaultExactFallbackLimit
    /// Whether an update past `exactCertificationLimit` whose optimum was decided within
    /// roundoff certifies it in floating point (see
    /// `SimplexCore+OptimalityCertificate.swift`); tests turn it off to see the difference.
    package var certifiesOptimaInFloat = true
    /// Whether a failed addition computes a minimal conflicting set (off in the scratch
    /// solvers that compute it).
    var explainsConflicts = true
}
