# print(parse(print(g))) == print(g), in both forms, on a generated decoder
# (slices, split_with_sizes + getitems, a custom op, SymInt sizes) and on the
# tests' own graphs.
# RUN: %piecewise gen --layers 3 --dynamic > %t.gen.py
# RUN: %piecewise print %t.gen.py > %t.1.py
# RUN: %piecewise print %t.1.py > %t.2.py
# RUN: diff %t.1.py %t.2.py
# RUN: %piecewise print --graph-form %t.gen.py > %t.1.fx
# RUN: %piecewise print --graph-form %t.1.fx > %t.2.fx
# RUN: diff %t.1.fx %t.2.fx
# Code form and graph form describe the same graph.
# RUN: %piecewise print --graph-form %t.1.py > %t.3.fx
# RUN: diff %t.1.fx %t.3.fx
# RUN: %piecewise stats --json %t.gen.py > %t.gen.json
# RUN: %piecewise stats --json %t.1.fx > %t.fx.json
# RUN: diff %t.gen.json %t.fx.json
#
# RUN: %piecewise print %S/../stats/nested.py > %t.nested.1.py
# RUN: %piecewise print %t.nested.1.py | diff %t.nested.1.py -
# RUN: %piecewise print %S/code-form.py > %t.code.1.py
# RUN: %piecewise print %S/code-form.py | %piecewise print - | diff %t.code.1.py -
# RUN: %piecewise print %S/from-graph-form.fx | %piecewise print - | %piecewise print --graph-form - > %t.graph.fx
# RUN: %piecewise print --graph-form %S/from-graph-form.fx | diff - %t.graph.fx
