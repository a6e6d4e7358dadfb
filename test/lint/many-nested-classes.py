# 80,000 nested classes (a split module with as many pieces, each called once) parse and
# verify in time linear in their number: looking up a child module by name is constant
# time (it used to scan the children, 23 s for this input). No time is asserted; a
# quadratic parser shows up as this test taking minutes.
# RUN: %python -c "n = 80000; out = ['class GraphModule(torch.nn.Module):', '    def forward(self, x: \"f32[4]\"):']; out += ['        submod_%%d = self.submod_%%d(x)' %% (i, i) for i in range(n)]; out.append('        return (x,)'); [out.extend(['    class submod_%%d(torch.nn.Module):' %% i, '        def forward(self, x: \"f32[4]\"):', '            relu: \"f32[4]\" = torch.ops.aten.relu.default(x)', '            return (relu,)']) for i in range(n)]; open(r'%t.py', 'w').write(chr(10).join(out) + chr(10))"
# RUN: %piecewise lint %t.py
# RUN: %piecewise stats %t.py | FileCheck %s
# CHECK: submodules: {{ *}}80000
