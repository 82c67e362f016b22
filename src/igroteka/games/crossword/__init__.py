"""The crossword game of rule sheet 003, in the Erudit tradition: board, tiles, rules, bots."""
