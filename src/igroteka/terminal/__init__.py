"""Games at the terminal: rendering and prompts for people playing at one keyboard."""
