"""Pebble Rock Delivery Service (work in progress)."""
