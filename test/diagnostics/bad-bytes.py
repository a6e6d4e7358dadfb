# Bytes Python would read differently from piecewise are located errors, never copied
# through: a carriage return not followed by a line feed (Python ends the line there, so a
# CR inside an annotation would split the printed statement) and invalid UTF-8. CRLF line
# ends and valid UTF-8 are fine.
# RUN: %python -c "open(r'%t.cr.py', 'wb').write(b'class GraphModule(torch.nn.Module):\n    def forward(self, x: \"f32[4]\r[1]cpu\"):\n        return (x,)\n')"
# RUN: %expect-exit 1 %piecewise print %t.cr.py 2>&1 | FileCheck %s --check-prefix=CR
# CR: .cr.py:2:33: error: carriage return not followed by a line feed: Python reads it as a line end; piecewise reads LF or CRLF line ends only
# RUN: %python -c "open(r'%t.utf8.py', 'wb').write(b'class GraphModule(torch.nn.Module):\n    def forward(self, x: \"f32[4][1]cpu\"):\n        # caf\xe9\n        return (x,)\n')"
# RUN: %expect-exit 1 %piecewise print %t.utf8.py 2>&1 | FileCheck %s --check-prefix=UTF8
# UTF8: .utf8.py:3:14: error: input is not valid UTF-8 (byte 0xe9)
# RUN: %python -c "open(r'%t.graph.fx', 'wb').write(b'graph():\n    %%x : [num_users=1] = placeholder[target=x\xc0\xaf]\n    return (x,)\n')"
# RUN: %expect-exit 1 %piecewise print %t.graph.fx 2>&1 | FileCheck %s --check-prefix=OVERLONG
# OVERLONG: .graph.fx:2:46: error: input is not valid UTF-8 (byte 0xc0)
# RUN: %python -c "open(r'%t.ok.py', 'wb').write('class GraphModule(torch.nn.Module):\r\n    def forward(self, x: \"f32[4][1]cpu\"):\r\n        # caf\u00e9 \u2014 \U0001F600\r\n        return (x,)\r\n'.encode())"
# RUN: %piecewise lint %t.ok.py
