# lit configuration for piecewise's textual tests: a graph in, FileCheck out.
#
# Each test is a graph file whose `# RUN:` / `# CHECK:` lines are Python
# comments, which both FX text parsers skip. Substitutions:
#   %piecewise  the CLI from the build directory
#   FileCheck, %not, count, split-file   from llvm-14-tools
#   %python     the Python interpreter CMake found
#   %shared     ../shared next to the source tree (the corpus lives there)
#   %examples   examples/ in the source tree
#   %data       data/ in the source tree (schema files)
#   %expect-exit N   runs the rest of the line and succeeds only if it exits with N
# Features: `shared` when the shared corpus folder exists.
import os
import lit.formats

config.name = "piecewise"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py", ".fx", ".txt"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.piecewise_bin_dir, "test")

llvm_bin = os.path.dirname(config.filecheck)
shared_dir = os.path.normpath(os.path.join(config.piecewise_src_dir, "..", "shared"))

config.substitutions.append(("%piecewise", os.path.join(config.piecewise_bin_dir, "piecewise")))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("%not", os.path.join(llvm_bin, "not")))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("%shared", shared_dir))
config.substitutions.append(("%examples", os.path.join(config.piecewise_src_dir, "examples")))
config.substitutions.append(("%data", os.path.join(config.piecewise_src_dir, "data")))
config.substitutions.append(
    ("%expect-exit",
     config.python + " " + os.path.join(config.test_source_root, "Inputs", "expect_exit.py")))

# `count` and `split-file` are found on PATH.
config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])

if os.path.isdir(os.path.join(shared_dir, "corpus")):
    config.available_features.add("shared")

# `torch` when the configured Python can import it (checked without importing).
import subprocess
if subprocess.call([config.python, "-c",
                    "import importlib.util, sys; sys.exit(importlib.util.find_spec('torch') is None)"]) == 0:
    config.available_features.add("torch")

# `asan` when the tools are built with AddressSanitizer (`make asan`): its shadow
# memory cannot live under the address-space limits some tests set.
if "sanitize=address" in getattr(config, "cxx_flags", ""):
    config.available_features.add("asan")
