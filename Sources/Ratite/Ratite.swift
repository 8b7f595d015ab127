// The module applications import: it re-exports the layers (Package.swift,
// docs/design.md "Layers"), so that `import Ratite` is the whole public API and every public
// name keeps its spelling `Ratite.X`.
@_exported import RatiteFormats
@_exported import RatiteModel
@_exported import RatiteSolver
@_exported import RatiteSupport
@_exported import RatiteVFL
