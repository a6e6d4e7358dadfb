# lit configuration for piecewise's textual tests: a graph in, FileCheck out.
import os
import lit.formats

config.name = "piecewise"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py", ".fx", ".txt"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.piecewise_bin_dir, "test")

config.substitutions.append(("%piecewise", os.path.join(config.piecewise_bin_dir, "piecewise")))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("%not", os.path.join(os.path.dirname(config.filecheck), "not")))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("%shared", os.path.join(config.piecewise_src_dir, "..", "shared")))
config.substitutions.append(("%examples", os.path.join(config.piecewise_src_dir, "examples")))
