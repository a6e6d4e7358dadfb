# A device(...) call in graph form is a device value, as in the code form, so printing is a
# fixed point (device('cuda:0') used to be kept as text and print differently the second
# time); a spelling torch.device rejects is a located error.
# RUN: split-file %s %t
# RUN: %piecewise print %t/devices.fx > %t/p1.py
# RUN: FileCheck %s < %t/p1.py
# RUN: %piecewise print %t/p1.py | diff %t/p1.py -
# RUN: %piecewise print --graph-form %t/devices.fx > %t/g1.fx
# RUN: FileCheck %s --check-prefix=GRAPH < %t/g1.fx
# RUN: %piecewise print --graph-form %t/g1.fx | diff %t/g1.fx -
# CHECK: a = torch.ops.aten._to_copy.default(x, device = device(type='cuda', index=0))
# CHECK: b = torch.ops.aten._to_copy.default(a, device = device(type='cuda', index=1))
# CHECK: c = torch.ops.aten._to_copy.default(b, device = device(type='cpu'))
# GRAPH: kwargs = {device: cuda:0}
# GRAPH: kwargs = {device: cuda:1}
# GRAPH: kwargs = {device: cpu}
# RUN: %expect-exit 1 %piecewise lint %t/bad.fx 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: bad.fx:3:112: error: device 'cuda:0' is given an index twice

#--- devices.fx
graph():
    %x : [num_users=1] = placeholder[target=x]
    %a : [num_users=1] = call_function[target=torch.ops.aten._to_copy.default](args = (%x,), kwargs = {device: device('cuda:0')})
    %b : [num_users=1] = call_function[target=torch.ops.aten._to_copy.default](args = (%a,), kwargs = {device: device(type='cuda', index=1)})
    %c : [num_users=1] = call_function[target=torch.ops.aten._to_copy.default](args = (%b,), kwargs = {device: torch.device('cpu')})
    return (c,)
#--- bad.fx
graph():
    %x : [num_users=1] = placeholder[target=x]
    %a : [num_users=1] = call_function[target=torch.ops.aten._to_copy.default](args = (%x,), kwargs = {device: device('cuda:0', 1)})
    return (a,)
