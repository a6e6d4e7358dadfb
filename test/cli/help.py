# --help lists the commands and the global options and exits 0.
# RUN: %piecewise --help | FileCheck %s
# CHECK: Usage: piecewise [OPTIONS] SUBCOMMAND
# CHECK-DAG: --schema-file PATH
# CHECK-DAG: --no-verify
# CHECK-DAG: lint
# CHECK-DAG: print
# CHECK-DAG: stats
# CHECK-DAG: gen
# RUN: %piecewise lint --help | FileCheck %s --check-prefix=LINT
# LINT: Usage: piecewise lint [OPTIONS] [FILE]
# RUN: %piecewise gen --help | FileCheck %s --check-prefix=GEN
# GEN: --layers N
# GEN: --dynamic
