"""Sphinx extension for the tabletop_nb site: pages generated from the code at build time.

- ``rule-values``: a directive that tables every field of a game's ``Rules`` (type,
  default, bounds or choices, group and doc) from ``Rules.fields_info()``, so the page
  cannot drift from the code.
- API pages: one page per public module (``API_MODULES``), written into ``docs/api/`` at
  ``builder-inited`` (git-ignored). Each public object is documented once, at its home
  (the module that defines it, or the first public module exporting it); the other
  modules that re-export it list it with a link, and ``missing-reference`` resolves any
  public path (``tabletop_nb.compare_rules``) to that home.
- plotly.js is copied from the installed plotly package into the site and loaded only on
  pages that draw a chart: nothing is fetched from a CDN.
"""
from __future__ import annotations

import importlib
import inspect
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

GAMES = ("pebble_rock", "neko", "pacal")
GAME_MODULES = ("", ".rules", ".state", ".board", ".bots", ".odds", ".view", ".position",
                ".engine", ".analysis", ".frames", ".scoring", ".constellations")

# Submodules before their package, so an object's home is the module that defines it.
API_MODULES: list[tuple[str, list[str]]] = [
    ("Top level", ["tabletop_nb", "tabletop_nb.bots", "tabletop_nb.cli", "tabletop_nb.session",
                   "tabletop_nb.rules_map", "tabletop_nb.answers", "tabletop_nb.classroom"]),
    ("core", ["tabletop_nb.core." + m for m in (
        "protocol", "dice", "errors", "rules", "record", "playout", "study", "runner", "bots", "search", "stats",
        "position", "checkpoint", "codec", "draft", "memo", "hooks")] + ["tabletop_nb.core"]),
    ("lab", ["tabletop_nb.lab." + m for m in (
        "compare", "ladder", "sequential", "charts", "balance", "balance_charts", "goals",
        "synthetic", "analyse", "levers", "streams", "rule_paths")] + ["tabletop_nb.lab"]),
    ("viz", ["tabletop_nb.viz." + m for m in ("dice", "scores", "tables", "views", "generic_view",
                                              "luck", "live")]
     + ["tabletop_nb.viz"]),
    ("widgets", ["tabletop_nb.widgets." + m for m in (
        "gameapp", "board_panel", "panels", "dicelab", "ruleseditor", "replayviewer", "exercise",
        "classview", "analysis_panel")] + ["tabletop_nb.widgets"]),
    ("games", ["tabletop_nb.games"] + [f"tabletop_nb.games.{g}{m}" for g in GAMES for m in GAME_MODULES]),
]


def api_modules() -> list[str]:
    """Every public module the API reference covers (those that exist and have ``__all__``)."""
    out = []
    for _, mods in API_MODULES:
        for name in mods:
            try:
                mod = importlib.import_module(name)
            except ImportError:
                continue
            if hasattr(mod, "__all__"):
                out.append(name)
    return out


def _order(mods: list[str]) -> list[str]:
    # deepest first: a name is at home in the most specific public module exporting it
    return sorted(mods, key=lambda m: -m.count("."))


def public_objects() -> dict[str, dict]:
    """``{module: {name: home path}}`` for every name in every public module's ``__all__``."""
    mods = api_modules()
    homes: dict[tuple, str] = {}
    table: dict[str, dict] = {m: {} for m in mods}
    ordered = _order(mods)
    # first pass: objects whose defining module is public and exports them (isroutine, not
    # isfunction: a function compiled by mypyc is a builtin function, with its __module__)
    for m in mods:
        mod = importlib.import_module(m)
        for n in mod.__all__:
            obj = getattr(mod, n)
            if (inspect.isclass(obj) or inspect.isroutine(obj)) and getattr(obj, "__module__", None) == m \
                    and obj.__name__ == n:
                homes[_key(n, obj)] = f"{m}.{n}"
    for m in ordered:
        mod = importlib.import_module(m)
        for n in mod.__all__:
            homes.setdefault(_key(n, getattr(mod, n)), f"{m}.{n}")
    for m in mods:
        mod = importlib.import_module(m)
        for n in mod.__all__:
            table[m][n] = homes[_key(n, getattr(mod, n))]
    return table


def _key(name: str, obj) -> tuple:
    if inspect.ismodule(obj):
        return ("module", obj.__name__)
    if inspect.isclass(obj) or inspect.isroutine(obj):
        return ("obj", id(obj))
    return ("data", name, id(obj))


def _directive(obj) -> str:
    if inspect.isclass(obj):
        return "autoclass"
    if inspect.isroutine(obj):
        return "autofunction"
    return "autodata"


def write_api_pages(app) -> None:
    """Write ``docs/api/<module>.rst`` for every public module and the index's toctrees."""
    out = Path(app.srcdir) / "api"
    out.mkdir(exist_ok=True)
    table = public_objects()
    written = set()
    for m, names in table.items():
        mod = importlib.import_module(m)
        title = f"``{m}``"
        lines = [title, "=" * len(title), "", f".. automodule:: {m}", "   :no-members:", ""]
        here = [n for n, home in names.items() if home == f"{m}.{n}" and not inspect.ismodule(getattr(mod, n))]
        elsewhere = [(n, home) for n, home in names.items() if home != f"{m}.{n}"]
        for n in here:
            obj = getattr(mod, n)
            d = _directive(obj)
            lines.append(f".. {d}:: {m}.{n}")
            if d == "autoclass":
                lines += ["   :members:", "   :show-inheritance:"]
            elif d == "autodata":
                lines += ["   :no-value:"]
            lines.append("")
        if elsewhere:
            lines += ["Also available here", "-------------------", "",
                      "These names are documented where they are defined:", ""]
            for n, home in elsewhere:
                lines.append(f"- ``{m}.{n}``: :py:obj:`{home}`")
            lines.append("")
        text = "\n".join(lines)
        path = out / f"{m}.rst"
        if not path.exists() or path.read_text() != text:  # keep mtimes: incremental builds
            path.write_text(text)
        written.add(path.name)
    for old in out.glob("tabletop_nb*.rst"):
        if old.name not in written:
            old.unlink()
    # the index's sections, one toctree each
    idx = ["API reference", "=============", "",
           "Generated from the docstrings at build time, one page per public module (its ``__all__``).",
           "Each object is documented where it is defined; the packages list what they re-export.", ""]
    present = set(table)
    for title, mods in API_MODULES:
        mods = [m for m in mods if m in present]
        if not mods:
            continue
        idx += [title, "-" * len(title), "", ".. toctree::", "   :maxdepth: 1", ""]
        idx += [f"   {m}" for m in sorted(mods)]
        idx.append("")
    text = "\n".join(idx)
    path = out / "index.rst"
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


_HOMES: dict[str, str] = {}


def resolve_alias(app, env, node, contnode):
    """A reference to a public path that is not an object's home (``tabletop_nb.simulate``)
    resolves to the home (``tabletop_nb.core.runner.simulate``)."""
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    if not target.startswith("tabletop_nb"):
        return None
    if not _HOMES:
        for m, names in public_objects().items():
            for n, home in names.items():
                _HOMES[f"{m}.{n}"] = home
    homes = _HOMES
    parts = target.split(".")
    for i in range(len(parts), 0, -1):
        head = ".".join(parts[:i])
        if head in homes and homes[head] != head:
            new = ".".join([homes[head]] + parts[i:])
            py = env.get_domain("py")
            return py.resolve_xref(env, node.get("refdoc"), app.builder, node.get("reftype"), new, node, contnode)
    return None


# -- rule values ----------------------------------------------------------------------------

def _short(value, limit: int = 70) -> str:
    from tabletop_nb import Die
    if isinstance(value, Die):
        text = "Die(" + ", ".join(map(str, value.faces)) + ")"
    elif isinstance(value, tuple) and value and hasattr(value[0], "_fields"):
        text = f"{len(value)} x {type(value[0]).__name__}"
    elif isinstance(value, tuple) and len(repr(value)) > limit:
        text = f"{len(value)} items: " + repr(value)[: limit - 12] + "..."
    else:
        text = repr(value)
        if len(text) > limit:
            text = f"{type(value).__name__} (see data/)" if "(" in text else text[: limit - 3] + "..."
    return text


class RuleValues(SphinxDirective):
    """``.. rule-values:: pebble_rock``: a table of every field of the game's Rules."""

    required_arguments = 1

    def run(self):
        import tabletop_nb
        from tabletop_nb.core.rules import _type_name

        game = tabletop_nb.load_game(self.arguments[0])
        rules_cls = type(game.rules)
        header = ["rule", "type", "default", "bounds", "group", "meaning"]
        widths = [18, 10, 18, 16, 10, 28]
        table = nodes.table(classes=["rule-values"])
        group = nodes.tgroup(cols=len(header))
        table += group
        for w in widths:
            group += nodes.colspec(colwidth=w)

        def row(cells):
            r = nodes.row()
            for c in cells:
                entry = nodes.entry()
                para = nodes.paragraph()
                for part in c if isinstance(c, list) else [c]:
                    para += part
                entry += para
                r += entry
            return r

        head = nodes.thead()
        head += row([nodes.Text(h) for h in header])
        group += head
        body = nodes.tbody()
        n = 0
        for f in rules_cls.fields_info():
            if f.choices is not None:
                bounds = [nodes.Text("one of ")]
                for i, c in enumerate(f.choices):
                    bounds += ([nodes.Text(", ")] if i else []) + [nodes.literal(text=repr(c))]
            elif f.min is not None or f.max is not None:
                lo = "" if f.min is None else f"{f.min} ≤ "
                hi = "" if f.max is None else f" ≤ {f.max}"
                bounds = [nodes.Text(f"{lo}value{hi}")]
            else:
                bounds = [nodes.Text("")]
            body += row([nodes.literal(text=f.name), nodes.literal(text=_type_name(f.type)),
                         nodes.literal(text=_short(f.default)), bounds, nodes.Text(f.group),
                         nodes.Text(f.doc or "")])
            n += 1
        group += body
        node = nodes.container(classes=["rule-values-table"])
        node += table
        rows = range(n)
        para = nodes.paragraph(text=f"{len(rows)} rules in {rules_cls.__module__}.{rules_cls.__name__}, "
                                    f"generated from the code when this site was built.")
        return [para, node]


class HookTable(SphinxDirective):
    """``.. hook-table:: pebble_rock``: the game's hooks (``tabletop_nb.hooks``), read from
    their declarations when the site is built, so the table cannot go stale."""

    required_arguments = 1

    def run(self):
        import tabletop_nb

        table = tabletop_nb.hooks(self.arguments[0])
        header = ["hook", "returns", "rules", "bots follow", "example override"]
        group = nodes.tgroup(cols=len(header))
        out = nodes.table(classes=["hook-table"])
        out += group
        for w in (26, 14, 14, 16, 30):
            group += nodes.colspec(colwidth=w)

        def row(cells):
            r = nodes.row()
            for c in cells:
                entry = nodes.entry()
                para = nodes.paragraph()
                para += c
                entry += para
                r += entry
            return r

        head = nodes.thead()
        head += row([nodes.Text(h) for h in header])
        group += head
        body = nodes.tbody()
        for h in table:
            body += row([nodes.literal(text=h.signature), nodes.Text(h.returns),
                         nodes.Text(", ".join(h.rules)),
                         nodes.Text("yes" if h.bots_follow else "no: " + h.bots_note),
                         nodes.literal(text=h.example)])
        group += body
        node = nodes.container(classes=["hook-table-container"])
        node += out
        cls = table.game_class
        para = nodes.paragraph(text=f"{len(table)} hooks of {cls.__module__}.{cls.__name__}, "
                                    f"generated from their declarations when this site was built.")
        return [para, node]


def add_plotly(app, pagename, templatename, context, doctree):
    """Load the site's own copy of plotly.js on the pages that draw a chart."""
    if "plotly-graph-div" in context.get("body", ""):
        app.add_js_file("plotly.min.js", priority=200)
        app.add_js_file("plotly-fit.js", priority=201)


def copy_plotly(app) -> None:
    import plotly
    src = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    dst = static / "plotly.min.js"
    if not dst.exists() or dst.stat().st_size != src.stat().st_size:
        dst.write_bytes(src.read_bytes())


PROJECT_PAGES = ["DESIGN", "DEVELOPING", "studies", "search_bot", "skill_ladder", "mutation", "rules/README",
                 "rules/pebble_rock.checklist", "rules/neko.checklist", "rules/pacal.checklist"]
SITE_PAGES = {"index", "notebooks", "project"}


def write_project_page(app) -> None:
    """``docs/project.md`` (git-ignored): the repository's own notes, in a known order, then
    any other top-level ``docs/*.md`` someone adds, so a new note is on the site at once."""
    src = Path(app.srcdir)
    known = [p for p in PROJECT_PAGES if (src / f"{p}.md").exists()]
    others = sorted(p.stem for p in src.glob("*.md") if p.stem not in SITE_PAGES and p.stem not in known)
    others += sorted(f"rules/{p.stem}" for p in (src / "rules").glob("*.md") if f"rules/{p.stem}" not in known)
    text = "\n".join(["# For contributors", "",
                       "The design, the working detail and the notes on studies, search and testing, "
                       "as they are kept in the repository's `docs/` folder.", "",
                       "```{toctree}", ":maxdepth: 1", ""] + known + others + ["```", ""])
    path = src / "project.md"
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def setup(app):
    app.connect("builder-inited", write_project_page)
    app.add_directive("rule-values", RuleValues)
    app.add_directive("hook-table", HookTable)
    app.connect("builder-inited", write_api_pages)
    app.connect("builder-inited", copy_plotly)
    app.connect("missing-reference", resolve_alias)
    app.connect("html-page-context", add_plotly)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
