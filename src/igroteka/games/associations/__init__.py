"""The association game (rule sheet 004): a clue for a picture card, and the guesses."""
