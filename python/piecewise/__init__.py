"""piecewise: split and canonicalize live torch.fx graphs with a C++ core.

    import piecewise
    split_gm, items = piecewise.split_graph(gm, ["vllm::unified_attention_with_output"])
    piecewise.passes.split_coalescing(gm.graph)
    torch.compile(model, backend=piecewise.backend(splitting_ops=[...]))

The heavy lifting (IR, passes, the splitting-op partitioner, structural hashes) is the C++
core, ``piecewise._core``; this package converts between torch.fx and it. See docs/python.md.

``piecewise.fast_paths()`` lists the fast paths (C++ shortcuts through torch.fx internals),
each probed at import against torch's public API (piecewise/_probe.py) and on only where it
gives the same result; ``PIECEWISE_FAST_PATHS=0`` (or ``=name,name``) turns them off
(piecewise/_fast_paths.py, the one switch).

The package is layered like the C++ library: ``_LAYERS`` below lists its modules bottom to
top, and a module imports only modules of lower layers (docs/architecture.md, "The Python
package's layers").
"""

import pkgutil as _pkgutil

#: The package's layers, bottom to top. A module imports only modules of the layers below its
#: own (at module level or inside a function alike); the modules of one layer do not import
#: each other. ``_core`` is the C++ extension. python/tests/test_package_layers.py reads every
#: module with ``ast`` and fails on an import against this order, on a cycle, and on a module
#: that is not listed here (or listed and missing). To add a module, add it here.
_LAYERS = (
    ("base", ("_core", "_private", "_layout", "vllm_reference")),
    ("process state", ("_fast_paths", "_trace")),
    ("conversion", ("fx",)),
    ("nested regions", ("nested",)),
    ("graph tools", ("capture", "passes")),
    ("split", ("split",)),
    ("drivers", ("_probe", "backend")),
    ("integrations", ("vllm_plugin",)),
    ("package", ("__init__",)),
)

# The extension may live in a build directory (``<build>/python/piecewise/_core*.so``) next
# to this source tree: join every ``piecewise`` directory on sys.path to the package.
__path__ = _pkgutil.extend_path(__path__, __name__)

from . import _core  # noqa: E402
from . import fx  # noqa: E402
from . import passes  # noqa: E402
from .split import Explanation, SplitItem, explain, split_graph  # noqa: E402
from .backend import backend  # noqa: E402
from .capture import CaptureFixError, CaptureReport, check_capture, make_capture_safe  # noqa: E402
from ._fast_paths import FastPath, fast_paths  # noqa: E402
from ._private import TESTED_TORCH  # noqa: E402
from . import _probe  # noqa: E402

_probe.probe_fast_paths()

__all__ = ["split_graph", "SplitItem", "explain", "Explanation", "backend", "check_capture",
           "CaptureReport", "make_capture_safe", "CaptureFixError", "fx", "passes", "fast_paths",
           "FastPath", "TESTED_TORCH"]
# The one version number: CMakeLists.txt's project(VERSION), compiled into the core
# (piecewise/Version.h); the wheel's metadata reads the same line.
__version__ = _core.__version__
