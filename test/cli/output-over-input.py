# An -o that names a file the command reads is refused (exit 2) before anything is read,
# whatever the spelling: `LOG#ID` names LOG (issue 24: `print 'run.log#2/0:dynamo' -o
# run.log` used to replace the whole log with one graph, exit 0), and so do `--graph ID`,
# `./x`, `dir/../x`, a symlink, a hard link, and `-` when stdin is redirected from the file.
# Every command that takes -o is checked; the log is untouched afterwards.
# RUN: rm -rf %t && mkdir -p %t/sub && cp %examples/logs/llama_trace.log %t/run.log
# RUN: cp %t/run.log %t/orig.log && ln -s run.log %t/link.log && ln %t/run.log %t/hard.log
# RUN: %expect-exit 2 %piecewise print "%t/run.log#0/0:dynamo" -o %t/run.log 2>&1 | FileCheck %s
# RUN: %expect-exit 2 %piecewise print %t/run.log --graph 0/0:dynamo -o %t/run.log 2>&1 | FileCheck %s
# RUN: %expect-exit 2 %piecewise opt --passes=dce "%t/run.log#0/0:dynamo" -o %t/run.log 2>&1 | FileCheck %s
# RUN: %expect-exit 2 %piecewise split "%t/run.log#0/0_1:post_grad" --splitting-ops=aten::mm -o %t/run.log 2>&1 | FileCheck %s
# RUN: %expect-exit 2 %piecewise codegen "%t/run.log#0/0_1:post_grad" --cudagraph -o %t/run.log 2>&1 | FileCheck %s
# RUN: %expect-exit 2 %piecewise report "%t/run.log#0/0_1:post_grad" --cudagraph -o %t/run.log 2>&1 | FileCheck %s
# RUN: %expect-exit 2 %piecewise report %t/run.log --cudagraph -o %t/run.log 2>&1 | FileCheck %s
# CHECK: piecewise: error: -o '{{.*}}run.log' names the input file '{{.*}}run.log{{.*}}'; refusing to overwrite it
#
# Other spellings of the same file.
# RUN: cd %t && %expect-exit 2 %piecewise print "run.log#0/0:dynamo" -o ./run.log 2>&1 | FileCheck %s --check-prefix=ANY
# RUN: cd %t && %expect-exit 2 %piecewise print "./run.log#0/0:dynamo" -o sub/../run.log 2>&1 | FileCheck %s --check-prefix=ANY
# RUN: %expect-exit 2 %piecewise print "%t/run.log#0/0:dynamo" -o %t/link.log 2>&1 | FileCheck %s --check-prefix=ANY
# RUN: %expect-exit 2 %piecewise print "%t/link.log#0/0:dynamo" -o %t/run.log 2>&1 | FileCheck %s --check-prefix=ANY
# RUN: %expect-exit 2 %piecewise print "%t/hard.log#0/0:dynamo" -o %t/run.log 2>&1 | FileCheck %s --check-prefix=ANY
# RUN: %expect-exit 2 %piecewise print - --graph 0/0:dynamo -o %t/run.log < %t/run.log 2>&1 | FileCheck %s --check-prefix=STDIN
# ANY: piecewise: error: -o '{{.*}}' names the input file '{{.*}}'; refusing to overwrite it
# STDIN: piecewise: error: -o '{{.*}}run.log' names the input file '<stdin>'; refusing to overwrite it
# RUN: cmp %t/run.log %t/orig.log
#
# A graph of the log written elsewhere is fine, and reads back.
# RUN: %piecewise print "%t/run.log#0/0:dynamo" -o %t/dynamo.py
# RUN: %piecewise lint %t/dynamo.py
# RUN: cmp %t/run.log %t/orig.log
#
# `--graph ''` selects nothing: a usage error, not "no selection".
# RUN: %expect-exit 2 %piecewise lint %t/run.log --graph '' 2>&1 | FileCheck %s --check-prefix=EMPTY
# RUN: %expect-exit 2 %piecewise lint %t/run.log --graph= 2>&1 | FileCheck %s --check-prefix=EMPTY2
# EMPTY: --graph: --graph needs an ID (`piecewise graphs LOG` lists them)
# EMPTY2: --graph: 1 required ID
# `LOG#` with no ID is read as a file name (which does not exist).
# RUN: %expect-exit 1 %piecewise lint "%t/run.log#" 2>&1 | FileCheck %s --check-prefix=HASH
# HASH: piecewise: error: cannot open '{{.*}}run.log#': No such file or directory
#
# `report LOG -o DIR` writes a page per graph: a log that is one of those pages (or the index)
# is refused before any page is written.
# RUN: rm -rf %t/pages && mkdir -p %t/pages && cp %t/orig.log %t/pages/0-0_1-post_grad.html
# RUN: %expect-exit 2 %piecewise report %t/pages/0-0_1-post_grad.html --cudagraph -o %t/pages 2>&1 | FileCheck %s --check-prefix=PAGE
# PAGE: piecewise: error: -o '{{.*}}0-0_1-post_grad.html' names the input file '{{.*}}0-0_1-post_grad.html'; refusing to overwrite it
# RUN: ls %t/pages | FileCheck %s --check-prefix=UNTOUCHED --implicit-check-not=.html
# UNTOUCHED: 0-0_1-post_grad.html
# RUN: cmp %t/pages/0-0_1-post_grad.html %t/orig.log
# RUN: cp %t/orig.log %t/pages/index.html
# RUN: %expect-exit 2 %piecewise report %t/pages/index.html --cudagraph -o %t/pages 2>&1 | FileCheck %s --check-prefix=INDEXPAGE
# INDEXPAGE: names the input file '{{.*}}index.html'; refusing to overwrite it
# RUN: cmp %t/pages/index.html %t/orig.log
