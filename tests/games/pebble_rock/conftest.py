"""Puts pebble_rock_helpers (hand-built positions) on sys.path for the rule tests."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
