# A getitem of a constant (a bare word in graph form is a string) prints in call form:
# code form only subscripts names, and the call form reads back to the same node.
# RUN: %piecewise print %s | FileCheck %s
# RUN: %piecewise print %s > %t.py
# RUN: %piecewise print %t.py | diff %t.py -
graph():
    %x : [num_users=1] = placeholder[target=x]
    %g : [num_users=1] = call_function[target=operator.getitem](args = ($abc, 0), kwargs = {})
    %h : [num_users=1] = call_function[target=operator.getitem](args = (%x, 0), kwargs = {})
    return (g, h)
# CHECK: g = operator.getitem('$abc', 0)
# CHECK: h = x[0]
