"""piecewise: split and canonicalize live torch.fx graphs with a C++ core.

    import piecewise
    split_gm, items = piecewise.split_graph(gm, ["vllm::unified_attention_with_output"])
    piecewise.passes.split_coalescing(gm.graph)
    torch.compile(model, backend=piecewise.backend(splitting_ops=[...]))

The heavy lifting (IR, passes, the splitting-op partitioner, structural hashes) is the C++
core, ``piecewise._core``; this package converts between torch.fx and it. See docs/python.md.

``piecewise.fast_paths()`` lists the fast paths (C++ shortcuts through torch.fx internals),
each probed at import against torch's public API and on only where it gives the same
result; ``PIECEWISE_FAST_PATHS=0`` (or ``=name,name``) turns them off (piecewise/_private.py).
"""

import pkgutil as _pkgutil

# The extension may live in a build directory (``<build>/python/piecewise/_core*.so``) next
# to this source tree: join every ``piecewise`` directory on sys.path to the package.
__path__ = _pkgutil.extend_path(__path__, __name__)

from . import _core  # noqa: E402
from . import fx  # noqa: E402
from . import passes  # noqa: E402
from .split import Explanation, SplitItem, explain, split_graph  # noqa: E402
from .backend import backend  # noqa: E402
from .capture import CaptureFixError, CaptureReport, check_capture, make_capture_safe  # noqa: E402
from ._private import FastPath, TESTED_TORCH, fast_paths  # noqa: E402
from . import _private  # noqa: E402

_private.probe_fast_paths()

__all__ = ["split_graph", "SplitItem", "explain", "Explanation", "backend", "check_capture",
           "CaptureReport", "make_capture_safe", "CaptureFixError", "fx", "passes", "fast_paths",
           "FastPath", "TESTED_TORCH"]
__version__ = "0.1.0"
