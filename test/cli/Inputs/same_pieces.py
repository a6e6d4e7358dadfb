"""Reads a `split --json` and a `partition --json` report of the same splitting-op plan
and checks that they describe the same pieces in the shared vocabulary: the same ids,
piece_kind, num_nodes and reason, and the same input names and kinds (the partition's
signature may take fewer inputs: values it neither reads nor frees are not passed).
Prints `same pieces: N` or the first difference (exit 1)."""
import json
import sys

split = json.load(open(sys.argv[1]))
partition = json.load(open(sys.argv[2]))
items, parts = split["items"], partition["partitions"]
if len(items) != len(parts):
    sys.exit(f"{len(items)} items but {len(parts)} partitions")
for item, part in zip(items, parts):
    if item["graph_id"] != part["id"]:
        sys.exit(f"graph_id {item['graph_id']} but id {part['id']}")
    for key in ("piece_kind", "num_nodes", "reason"):
        if item[key] != part[key]:
            sys.exit(f"piece {part['id']}: {key} {item[key]!r} vs {part[key]!r}")
    kinds = {v["name"]: v["kind"] for v in item["inputs"]}
    for v in part["inputs"]:
        if kinds.get(v["name"]) != v["kind"]:
            sys.exit(f"piece {part['id']}: input {v['name']} is {v['kind']} vs {kinds.get(v['name'])}")
    if (item["piece_kind"] == "splitting") == part["cudagraphable"]:
        sys.exit(f"piece {part['id']}: splitting but cudagraphable, or the reverse")
print(f"same pieces: {len(parts)}")
