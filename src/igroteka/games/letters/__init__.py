"""Klepka letters (rule sheet 002): letter cards found by memory, words composed from them."""
