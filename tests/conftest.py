import os
import sys

import pytest

HERE = os.path.dirname(__file__)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "browser"))  # `from harness import ...` for browser tests

import toygame  # noqa: E402

from tabletop_nb.games import register_game  # noqa: E402

register_game("toy", toygame.load_game)


def pytest_generate_tests(metafunc):
    # a test that takes `game_name` runs on every registered game (the toy game included)
    if "game_name" in metafunc.fixturenames:
        from tabletop_nb.games import list_games
        metafunc.parametrize("game_name", list_games())


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    # everything under tests/browser is a browser test (selected by `-m browser`)
    for item in items:
        if f"{os.sep}browser{os.sep}" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(autouse=True)
def _browser_available(request):
    if request.node.get_closest_marker("browser"):
        from harness import require_browser
        require_browser()
