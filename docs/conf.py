"""Sphinx configuration for the tabletop_nb site (``make docs``).

Tools: Sphinx with the PyData theme, MyST-NB for the Markdown pages and the notebooks
(rendered from the executed copies in ``docs/notebooks/``, never executed here: see
``tools/docs_notebooks.py``), numpydoc for the docstrings. Nothing is fetched from the web
at build time and nothing in the built site loads from a CDN.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE / "_ext"))

import tabletop_nb  # noqa: E402

project = "tabletop_nb"
author = "the tabletop_nb developers"
copyright = "the tabletop_nb developers"
version = release = tabletop_nb.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "numpydoc",
    "sphinx_design",
    "tabletop_docs",
]

exclude_patterns = ["_build", "**.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}

# -- warnings are errors (make docs runs sphinx-build -W --keep-going) ------------------------
# A reference to one of our own objects that does not resolve is an error; references into
# other libraries (numpy, pandas, plotly, typing) are not checked: intersphinx would need the web.
nitpicky = True
# "more than one target" for a short name (Player, position): each game has its own, and the
# analysis modules' type hints name them short; a wrong target is still caught by nitpicky
suppress_warnings = ["ref.python"]
nitpick_ignore_regex = [
    (r"py:.*", r"(?!tabletop_nb\b).*"),
    # the engines' section modules have no API page (the game class and its hooks have);
    # their types show up in the hooks' signatures
    (r"py:class", r"tabletop_nb\.games\.\w+\.engine\.\w+\.\w+"),
    # a private class (a leading underscore) named by a public method's type hint has no page
    (r"py:class", r"tabletop_nb\..*\._[A-Za-z]\w*"),
    # type variables of core's generic helpers, and the game type the analysis modules name
    # through a Protocol (they cannot import the engine that imports them)
    (r"py:(class|obj)", r"tabletop_nb\.core\.(draft|memo)\.[A-Z]"),
    (r"py:class", r"tabletop_nb\.games\.\w+\.analysis\.\w+Game"),
    # the board widget is private to widgets (GameApp's board panel draws it)
    (r"py:class", r"tabletop_nb\.widgets\._board\.\w+"),
    # a base class kept out of __all__ on purpose
    (r"py:class", r"tabletop_nb\.games\.pebble_rock\.scoring\.Progress"),
]

# -- MyST and MyST-NB ------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist", "substitution", "attrs_inline"]
myst_heading_anchors = 3
nb_execution_mode = "off"            # outputs come from docs/notebooks/ (make docs-notebooks)
nb_ipywidgets_js = {}                # the widget manager would come from a CDN: not loaded
nb_merge_streams = True
balance_nb = (HERE / "notebooks" / "balance.ipynb").exists()
myst_substitutions = {
    "balance_notebook": ("the [balance notebook](../notebooks/balance.ipynb)" if balance_nb
                         else "the balance notebook (`notebooks/balance.ipynb`, on this site once written)"),
}

# -- autodoc and numpydoc --------------------------------------------------------------------
autodoc_default_options = {"member-order": "bysource"}
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autodoc_inherit_docstrings = False
autodoc_use_type_comments = False   # it writes TYPE_CHECKING-only annotations into live classes
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
# numpydoc's own validation is off (it cannot read the source of generated classes); the
# docstring check is tests/docs/test_docstrings.py. A malformed numpydoc section still fails the build.

# -- HTML ------------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = "tabletop_nb"
html_static_path = ["_static", "images"]
html_css_files = ["tabletop.css"]
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "header_links_before_dropdown": 6,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_sidebars = {"index": []}
html_context = {"default_mode": "light"}   # the theme logs a console error when it is unset
html_show_sourcelink = False
html_copy_source = False
