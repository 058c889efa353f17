"""A dependency graph drawn as a self-contained SVG (issue 19): no external service, no graphviz.

:func:`draw_dependency_graph` takes the nodes and edges of
:func:`checks.machine.proofs.dependency_graph` (plain dicts) and lays them out in layers by
dependency depth: the statements that invoke nothing at the bottom, each statement above the
deepest one it invokes. Within a layer the order is refined by a few barycentre sweeps (fewer
crossings); a wide layer wraps into several rows, and statements with no edge at all go to a
band of their own below, so that ~60 nodes stay readable. Nodes are coloured by their latest
verdict (the schema's status colours) and link to their statement pages; edges are drawn by
their hypothesis-discharge status, with a legend.

Standard library and :mod:`checks.schema` only (the report imports it without the engines).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from urllib.parse import quote
from xml.sax.saxutils import escape, quoteattr

from checks import schema

NODE_W, NODE_H = 150, 38
GAP_X, GAP_Y = 22, 70
MARGIN = 20
NOT_RUN_COLOUR = "#8a8f98"
EXTERNAL_COLOUR = "#ffffff"

# How an edge is drawn, by the discharge status of checks.machine.proofs.edge_discharge.
EDGE_STYLES = {
    "discharged": {"stroke": "#2f7f58", "dash": "", "width": 1.6, "legend": "hypotheses discharged"},
    "outside hypotheses": {"stroke": "#b3261e", "dash": "", "width": 3.0, "legend": "invoked outside its hypotheses"},
    "undecided": {"stroke": "#a8650a", "dash": "2,3", "width": 1.6, "legend": "discharge undecided"},
    "not checked": {"stroke": "#8a8f98", "dash": "6,4", "width": 1.2, "legend": "discharge not checked"},
    "no hypotheses": {"stroke": "#5b6270", "dash": "", "width": 1.0, "legend": "no hypotheses to discharge"},
    "external": {"stroke": "#b0b5bd", "dash": "1,3", "width": 1.0, "legend": "external result or definition"},
}

KIND_ABBREV = {
    "theorem": "Thm",
    "lemma": "Lem",
    "proposition": "Prop",
    "corollary": "Cor",
    "claim": "Claim",
    "definition": "Def",
    "remark": "Rem",
    "assumption": "Ass",
    "experiment": "Exp",
}


def node_label(node: Mapping) -> str:
    """A short label: the node's ``label``, else kind and number (``Thm 3``), else the id's tail."""
    if node.get("label"):
        return str(node["label"])
    if node.get("external"):
        return str(node["id"]).split(":", 1)[-1]
    kind, number = str(node.get("kind") or ""), str(node.get("number") or "")
    tail = str(node["id"]).split("/", 1)[-1]
    if number:
        label = f"{KIND_ABBREV.get(kind, kind.capitalize())} {number}"
        corrected = tail.endswith(":corrected") and "corrected" not in number
        return f"{label} :corrected" if corrected else label
    return tail


def _fit(text: str, width: float, size: float = 11.0) -> str:
    """``text`` shortened with an ellipsis to about ``width`` pixels at font ``size``."""
    room = max(3, int(width / (0.56 * size)))
    return text if len(text) <= room else text[: room - 1] + "…"


def _href(link: str | Callable[[str], str | None] | None, node_id: str) -> str | None:
    if link is None:
        return None
    if callable(link):
        return link(node_id)
    return link.format(id=quote(node_id, safe=""), raw=node_id)


def _order_layers(layers: dict[int, list[str]], edges: list[tuple[str, str]], sweeps: int = 4) -> None:
    """Reorder each layer in place by the barycentre of its neighbours in the adjacent layers
    (alternately downward and upward): a cheap reduction of edge crossings."""
    nbrs: dict[str, list[str]] = {}
    for a, b in edges:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    order = sorted(layers)
    for sweep in range(sweeps):
        seq = order if sweep % 2 == 0 else list(reversed(order))
        pos = {n: i for d in layers for i, n in enumerate(layers[d])}
        for d in seq:
            layer = layers[d]

            def bary(n: str, layer=layer) -> float:
                ps = [pos[m] for m in nbrs.get(n, []) if m in pos and m not in layer]
                return sum(ps) / len(ps) if ps else pos[n]

            layer.sort(key=lambda n: (bary(n), pos[n]))
            for i, n in enumerate(layer):
                pos[n] = i


def _from_uses(nodes: list[Mapping], lookup: Mapping | None) -> tuple[list[Mapping], list[Mapping]]:
    """Nodes and edges from each node's ``uses`` (ids): invoked ids that are no node become
    nodes of their own (``ext:``/``def:`` entries external, others another paper's, from
    ``lookup`` when it has them). The edges' discharge is unknown here (``not checked``)."""
    out = [dict(n) for n in nodes]
    known = {str(n["id"]) for n in out}
    edges: list[Mapping] = []
    for n in list(out):
        for u in n.get("uses") or ():
            u = str(u)
            edges.append({"source": str(n["id"]), "target": u, "discharge": "not checked"})
            if u not in known:
                known.add(u)
                ext = u.startswith(("ext:", "def:"))
                extra = dict((lookup or {}).get(u) or {}) if not ext else {}
                out.append({**extra, "id": u, "external": ext, "foreign": not ext})
    return out, edges


def draw_dependency_graph(
    nodes: list[Mapping],
    edges: list[Mapping] | Mapping | None = None,
    link: str | Callable[[str], str | None] | None = None,
    title: str = "",
    per_row: int = 8,
    legend: bool = True,
) -> str:
    """The dependency graph as one self-contained SVG document (a string).

    ``nodes``: dicts with ``id`` and, as :func:`checks.machine.proofs.dependency_graph` gives
    them, ``status`` (the statement's own latest verdict; colours the node), ``depth``
    (its layer; computed from the edges when missing), ``kind``, ``number``, ``title``,
    ``external``, ``foreign``, ``as_expected``, ``step_findings``, ``steps_unchecked``, and an
    optional short ``label``. ``edges``: dicts with ``source`` (the invoking statement),
    ``target`` (the invoked one), ``discharge`` (:data:`EDGE_STYLES` keys) and ``label``.
    ``link``: the statement pages' address, a format string with ``{id}`` (the id URL-quoted)
    or ``{raw}``, or a function of the id (returning None: no link). ``per_row``: the widest
    row before a layer wraps.

    Without edges (``None``), or given a mapping ``{id: node}`` in their place, the edges are
    read from each node's ``uses`` (their discharge unknown) and, without ``link``, a node's
    ``href`` (from the mapping, or its own) is its link."""
    if edges is None or isinstance(edges, Mapping):
        lookup = edges
        nodes, edges = _from_uses(list(nodes), lookup)
        if link is None:
            hrefs = {str(n["id"]): n.get("href") for n in nodes}
            hrefs.update({str(k): v.get("href") for k, v in (lookup or {}).items() if isinstance(v, Mapping)})
            link = hrefs.get
    ids = [str(n["id"]) for n in nodes]
    by_id = {str(n["id"]): n for n in nodes}
    pairs = [(str(e["source"]), str(e["target"])) for e in edges if e["source"] in by_id and e["target"] in by_id]
    if any("depth" not in n for n in nodes):
        from checks.machine.proofs import depths  # stdlib-only, like this module

        depth = depths(ids, pairs)
    else:
        depth = {str(n["id"]): int(n["depth"]) for n in nodes}
    connected = {x for p in pairs for x in p}
    layers: dict[int, list[str]] = {}
    for i in ids:
        if i in connected:
            layers.setdefault(depth[i], []).append(i)
    loose = [i for i in ids if i not in connected]
    _order_layers(layers, pairs)

    # rows: the deepest layer on top; a wide layer wraps into several rows
    rows: list[list[str]] = []
    for d in sorted(layers, reverse=True):
        layer = layers[d]
        rows += [layer[k : k + per_row] for k in range(0, len(layer), per_row)]
    band_top = None
    if loose:
        band_top = len(rows)
        rows += [loose[k : k + per_row] for k in range(0, len(loose), per_row)]
    width_nodes = max((len(r) for r in rows), default=1)
    width = 2 * MARGIN + width_nodes * NODE_W + (width_nodes - 1) * GAP_X
    head = 34 if title else 10
    xy: dict[str, tuple[float, float]] = {}
    y = MARGIN + head
    for k, row in enumerate(rows):
        if band_top is not None and k == band_top:
            y += 26  # room for the band's caption
        span = len(row) * NODE_W + (len(row) - 1) * GAP_X
        x0 = (width - span) / 2
        for j, n in enumerate(row):
            xy[n] = (x0 + j * (NODE_W + GAP_X), y)
        y += NODE_H + GAP_Y
    legend_h = 22 * (1 + (len(EDGE_STYLES) + 2) // 3) if legend else 0
    height = y - GAP_Y + MARGIN + legend_h + 10

    # marker ids unique to this drawing (two graphs inlined in one page keep their own)
    gid = "g" + hashlib.sha1((title + "\0" + "\0".join(ids)).encode()).hexdigest()[:8]
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
        f'style="max-width:100%;height:auto" font-family="system-ui, sans-serif" font-size="11" role="img">'
    ]
    out.append(f"<title>{escape(title or 'dependency graph')}</title>")
    out.append("<defs>")
    for key, st in EDGE_STYLES.items():
        out.append(
            f'<marker id="{gid}-arrow-{_slug(key)}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" '
            f'markerWidth="9" markerHeight="9" orient="auto-start-reverse">'
            f'<path d="M0,0 L10,5 L0,10 z" fill="{st["stroke"]}"/></marker>'
        )
    out.append("</defs>")
    out.append(f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#ffffff"/>')
    if title:
        out.append(f'<text x="{MARGIN}" y="{MARGIN + 8}" font-size="15" font-weight="600">{escape(title)}</text>')
    if band_top is not None and loose:
        ly = xy[loose[0]][1] - 10
        out.append(
            f'<text x="{MARGIN}" y="{ly:.0f}" fill="#5b6270">statements with no declared invocation '
            f"and not invoked ({len(loose)})</text>"
        )

    # edges first (under the nodes)
    out.append('<g class="edges" fill="none">')
    for e in edges:
        a, b = str(e["source"]), str(e["target"])
        if a not in xy or b not in xy:
            continue
        kind = str(e.get("discharge")) if e.get("discharge") in EDGE_STYLES else "not checked"
        st = EDGE_STYLES[kind]
        (ax, ay), (bx, by) = xy[a], xy[b]
        sx, tx = ax + NODE_W / 2, bx + NODE_W / 2
        if a == b:
            path = (
                f"M{ax + NODE_W - 20:.1f},{ay:.1f} C{ax + NODE_W + 20:.1f},{ay - 30:.1f} "
                f"{ax + NODE_W + 30:.1f},{ay + 10:.1f} {ax + NODE_W:.1f},{ay + NODE_H / 2:.1f}"
            )
        elif ay < by:  # downward: from the invoking statement's bottom to the invoked one's top
            sy, ty = ay + NODE_H, by
            span = round((by - ay) / (NODE_H + GAP_Y))
            if span <= 1:
                mid = (sy + ty) / 2
                path = f"M{sx:.1f},{sy:.1f} C{sx:.1f},{mid:.1f} {tx:.1f},{mid:.1f} {tx:.1f},{ty:.1f}"
            else:
                # an edge over several rows bows out sideways, the further the longer it is (a deep,
                # narrow graph's long edges would otherwise run on top of each other and the nodes)
                side = _side(a, b, sx, tx, width)
                bow = side * min(width / 2 - MARGIN, NODE_W / 2 + 18 * span + 9 * (_stable(a + b) % 4))
                c1, c2 = sy + (ty - sy) * 0.25, ty - (ty - sy) * 0.25
                path = f"M{sx:.1f},{sy:.1f} C{sx + bow:.1f},{c1:.1f} {tx + bow:.1f},{c2:.1f} {tx:.1f},{ty:.1f}"
        elif ay > by:  # upward (a cycle across layers)
            sy, ty = ay, by + NODE_H
            mid = (sy + ty) / 2
            path = f"M{sx:.1f},{sy:.1f} C{sx:.1f},{mid:.1f} {tx:.1f},{mid:.1f} {tx:.1f},{ty:.1f}"
        else:  # the same row (a cycle): an arc above it
            top = ay - GAP_Y * 0.45
            path = f"M{sx:.1f},{ay:.1f} C{sx:.1f},{top:.1f} {tx:.1f},{top:.1f} {tx:.1f},{ay:.1f}"
        dash = f' stroke-dasharray="{st["dash"]}"' if st["dash"] else ""
        tip = f"{a} uses {b}: {e.get('label') or e.get('discharge') or ''}"
        out.append(
            f'<path d="{path}" stroke="{st["stroke"]}" stroke-width="{st["width"]}"{dash} stroke-opacity="0.85" '
            f'marker-end="url(#{gid}-arrow-{_slug(kind)})"'
            f"><title>{escape(tip)}</title></path>"
        )
    out.append("</g>")

    out.append('<g class="nodes">')
    for nid in ids:
        if nid not in xy:
            continue
        n = by_id[nid]
        x, y0 = xy[nid]
        ext = bool(n.get("external"))
        status = n.get("status")
        fill = EXTERNAL_COLOUR if ext else schema.STATUS_COLOURS.get(status, NOT_RUN_COLOUR)
        ink = "#1f2328" if ext else "#ffffff"
        stroke = "#5b6270"
        sw = 1.0
        if n.get("as_expected") is False:
            stroke, sw = "#111111", 3.0
        dash = ' stroke-dasharray="4,3"' if n.get("foreign") or ext else ""
        label = _fit(node_label(n), NODE_W - 10, 12)
        sub = _sub_label(n)
        if ext:  # a reference's name is long: on both lines, smaller
            full = node_label(n)
            room = int((NODE_W - 12) / (0.62 * 10))
            label, sub = full[:room], _fit(full[room:], NODE_W - 10, 10) if len(full) > room else sub
        tip_parts = [nid]
        if n.get("title"):
            tip_parts.append(_plain_text(n["title"]))
        tip_parts.append(
            f"latest: {status or 'not run'}" + (" (not as expected)" if n.get("as_expected") is False else "")
        )
        if _count(n.get("steps")):
            tip_parts.append(
                f"{_count(n['steps'])} proof steps, {_count(n.get('step_findings'))} refuted, "
                f"{_count(n.get('steps_unchecked'))} unchecked"
            )
        if n.get("uses_declared") is False:
            tip_parts.append("uses: not declared yet")
        body = [
            f'<rect x="{x:.1f}" y="{y0:.1f}" width="{NODE_W}" height="{NODE_H}" rx="6" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{sw}"{dash}/>',
            f'<text x="{x + NODE_W / 2:.1f}" y="{y0 + 16:.1f}" text-anchor="middle" fill="{ink}" '
            f'font-size="{10 if ext else 12}" font-weight="600">{escape(label)}</text>',
            f'<text x="{x + NODE_W / 2:.1f}" y="{y0 + 30:.1f}" text-anchor="middle" fill="{ink}" '
            f'font-size="10">{escape(_fit(sub, NODE_W - 10, 10))}</text>',
        ]
        if _count(n.get("step_findings")):
            body.append(
                f'<circle cx="{x + NODE_W - 4:.1f}" cy="{y0 + 4:.1f}" r="8" fill="#7b3fa0" stroke="#ffffff"/>'
                f'<text x="{x + NODE_W - 4:.1f}" y="{y0 + 8:.1f}" text-anchor="middle" fill="#ffffff" '
                f'font-size="10" font-weight="700">{_count(n["step_findings"])}</text>'
            )
        inner = f"<title>{escape(' — '.join(tip_parts))}</title>" + "".join(body)
        href = _href(link, nid) if not ext else None
        if href:
            out.append(f"<a href={quoteattr(href)} xlink:href={quoteattr(href)}>{inner}</a>")
        else:
            out.append(f"<g>{inner}</g>")
    out.append("</g>")

    if legend:
        out.append(_legend(y - GAP_Y + MARGIN, width))
    out.append("</svg>")
    return "\n".join(out)


def draw_paper_graph(
    catalog: Mapping,
    latest: Mapping,
    paper: str | None = None,
    link: str | Callable[[str], str | None] | None = None,
    title: str | None = None,
) -> str:
    """One paper's dependency graph (``paper=None``: all papers) from the catalog and the latest
    verdicts (``Store.latest_verdicts()``), drawn by :func:`draw_dependency_graph`; the title
    says how many statements have not declared their uses yet and which cycles were found."""
    from checks.machine.proofs import dependency_graph

    g = dependency_graph(catalog, latest, paper=paper)
    if title is None:
        title = f"{paper or 'all papers'}: dependency graph"
        if g["pending"]:
            title += f" ({len(g['pending'])} statements have not declared their uses yet)"
        if g["cycles"]:
            title += f"; {len(g['cycles'])} cycle(s): " + "; ".join(" → ".join(c) for c in g["cycles"])
    return draw_dependency_graph(g["nodes"], g["edges"], link=link, title=title)


def _sub_label(n: Mapping) -> str:
    """The second line of a node: its status, and its proof steps when it has some."""
    if n.get("external"):
        return "external" if str(n["id"]).startswith("ext:") else "definition"
    status = str(n.get("status") or "not run")
    if n.get("paper") and n.get("foreign"):
        status = f"{n['paper']} · {status}"
    steps = _count(n.get("steps"))
    return f"{status} · {steps} steps" if steps else status


def _legend(top: float, width: float) -> str:
    items = [(k, st) for k, st in EDGE_STYLES.items()]
    out = [f'<g class="legend" transform="translate({MARGIN},{top:.0f})">']
    col_w = (width - 2 * MARGIN) / 3
    for k, (key, st) in enumerate(items):
        cx, cy = (k % 3) * col_w, (k // 3) * 22
        dash = f' stroke-dasharray="{st["dash"]}"' if st["dash"] else ""
        out.append(
            f'<line x1="{cx:.0f}" y1="{cy + 6}" x2="{cx + 34:.0f}" y2="{cy + 6}" stroke="{st["stroke"]}" '
            f'stroke-width="{st["width"]}"{dash}/><text x="{cx + 40:.0f}" y="{cy + 10}">{escape(st["legend"])}</text>'
        )
    k = len(items)
    cy = ((k + 2) // 3) * 22
    out.append(
        f'<text x="0" y="{cy + 10}" fill="#5b6270">nodes: the statement\'s own latest verdict; '
        f"a black border: not as expected; a purple badge: refuted proof steps; dashed: another paper or "
        f"external; arrows point from the invoking proof to the invoked result</text>"
    )
    out.append("</g>")
    return "".join(out)


def _stable(text: str) -> int:
    """A small number that depends only on ``text`` (not on Python's salted ``hash``)."""
    return int(hashlib.sha1(text.encode()).hexdigest()[:6], 16)


def _side(a: str, b: str, sx: float, tx: float, width: float) -> int:
    """Which way a long edge bows: away from the centre when its ends lean to one side, else by a
    stable coin of its ends (the edges of a narrow graph spread to both sides)."""
    lean = (sx + tx) / 2 - width / 2
    if abs(lean) > NODE_W / 2:
        return 1 if lean > 0 else -1
    return 1 if _stable(a + "\0" + b) % 2 else -1


def _count(x) -> int:
    """A count given as a number or as the list of the things counted."""
    if isinstance(x, (list, tuple)):
        return len(x)
    try:
        return int(x or 0)
    except (TypeError, ValueError):
        return 0


def _plain_text(x) -> str:
    """Text without markup (a title given as rendered HTML keeps its words)."""
    import re

    return re.sub(r"<[^>]*>", "", str(x))


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text)
