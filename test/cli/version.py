# --version prints the one version number (CMakeLists.txt's project(); pytest's test_version.py
# checks it is also the Python package's and the wheel's) and exits 0, with or without a command.
# RUN: %expect-exit 0 %piecewise --version | FileCheck %s --match-full-lines
# RUN: %piecewise --help | FileCheck %s --check-prefix=HELP
# CHECK: piecewise {{[0-9]+\.[0-9]+\.[0-9]+}}
# CHECK-EMPTY:
# HELP: --version
