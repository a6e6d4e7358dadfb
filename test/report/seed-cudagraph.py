# The seed case as a cudagraph report: three partitions, the copy's partition takes `add`
# and `view` only to free them (alias-only inputs, PyTorch #165815). The page is one file:
# no script, style or image is loaded from anywhere.
# RUN: rm -f %t.html
# RUN: %piecewise report %examples/seed_cpu_roundtrip.py --cudagraph -o %t.html
# RUN: FileCheck %s < %t.html
# RUN: %not grep -E -i '<(script|link|img|iframe)[^>]*(src|href)=' %t.html
# RUN: %not grep -E -i '@import|url\(["'"'"']?(https?:)?//' %t.html
# RUN: %piecewise report %examples/seed_cpu_roundtrip.py --cudagraph -o - | FileCheck %s
# RUN: cat %examples/seed_cpu_roundtrip.py | %piecewise report - --cudagraph -o - | FileCheck --check-prefix=STDIN %s
# STDIN: "header": {"title":"\u003cstdin>","plan":"cudagraph",
# CHECK: <!DOCTYPE html>
# CHECK: <script id="report-data" type="application/json">{
# CHECK-NEXT: "header": {"title":"{{.*}}seed_cpu_roundtrip.py","plan":"cudagraph","splittingOps":[],"unsafeOps":[],"mainDevice":"cuda:0",
# CHECK-NEXT: "summary": {"nodes":7,"placeholders":1,"pieces":3,"splitting":0,"unsafe":1,"groups":3,"compiledGroups":3,"freedInputs":5,"aliasOnlyInputs":2}
# CHECK: "reasons": ["","device copy: aten::_to_copy.default from cuda:0 to cpu"]
# CHECK: "groups": {"label":["A","B","C"],
# CHECK-SAME: "code":["class submod_0(torch.nn.Module):
# Columns: ids and positions as differences, inputs as (value - previous value) * 4 + flags
# (1 freed, 2 alias-only: partition_1 takes detach, add, view and frees all three).
# CHECK: "pieces": {"idDelta":[0,1,1],"kind":[0,2,0],"group":[0,1,2],"reason":[0,1,0],"cudagraphable":[1,0,1],"beginDelta":[1,3,1],"nodes":[3,1,1],"inCount":[1,3,1],"inDelta":[1,13,-5,7,9],"outCount":[3,1,1],
# Value names as a template and a number (the difference from the template's last one).
# CHECK: "values": {"template":["x_#","add","view","detach","_to_copy","_to_copy_#"],"t":[0,1,2,3,4,5],"n":[1,1],
# CHECK: "memory": {"positions":6,
# CHECK-SAME: "peak":{"withFrees":{{[0-9]+}},"withoutFrees":{{[0-9]+}},"position":{{[0-9]+}},"node":"{{[a-z_0-9]+}}"
# CHECK: </html>
# ORACLE: skip
