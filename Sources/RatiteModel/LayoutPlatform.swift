/// Which Apple platform's conventions an engine follows where UIKit and AppKit differ.
///
/// - `ios` (the default): VFL's bare `-` next to `|` pins to the superview's layout margins
///   (`|-[a]` is `a.leading == superview.leadingMargin`), and layout margins default to 8.
/// - `macos`: a bare `-` next to `|` is the superview's edge plus `superviewSpacing` (20):
///   `|-[a]` is `a.leading == superview.leading + 20`.
///
/// Layout margins default to 8 on both; a bare `-` between two views is
/// `standardSpacing` (8) on both.
public enum LayoutPlatform: String, Sendable, CaseIterable {
    /// UIKit's conventions (the default).
    case ios
    /// AppKit's conventions.
    case macos

    /// The platform called `name` (`ios` or `macos`), or nil.
    public init?(name: String) { self.init(rawValue: name) }
}
