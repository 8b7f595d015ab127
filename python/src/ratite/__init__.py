"""Ratite for Python: an Auto Layout-style constraint engine (incremental simplex solver
with strictly ordered priorities, layout engine, Visual Format Language).

* ``ratite.kiwi``: kiwisolver's API (``import ratite.kiwi as kiwisolver``;
  ``ratite.kiwi.install()`` for programs that import kiwisolver themselves).
* ``ratite.layout``: the layout engine (views, guides, anchors, VFL, frames, conflict and
  ambiguity reports) and the ``.layout`` file format.
* ``ratite.solve``: a solver with Ratite's own priorities, and the ``solve`` file format.

Loading the library leaves the host's crash handling alone: the Swift runtime's
backtracer would otherwise install signal handlers for the whole process (any abort would
print "Program crashed"). The runtime reads the SWIFT_BACKTRACE environment variable once,
when libswiftCore is loaded; unless SWIFT_BACKTRACE is set already, this package sets it to
``enable=no`` just for the load and removes it again, so child processes do not inherit it.
Set SWIFT_BACKTRACE yourself (``enable=yes``) to keep the backtracer. A Swift runtime that
another library loaded earlier in the process keeps the setting it started with.
"""

import os as _os

_BACKTRACE = "SWIFT_BACKTRACE"
_had_setting = _BACKTRACE in _os.environ
if not _had_setting:
    _os.environ[_BACKTRACE] = "enable=no"
try:
    from . import _ratite
finally:
    if not _had_setting:
        del _os.environ[_BACKTRACE]

from ._ratite import RatiteError  # noqa: E402

__version__ = "0.2.0"
library_version = _ratite.library_version

__all__ = ["RatiteError", "__version__", "library_version"]
