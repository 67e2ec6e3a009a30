"""The score sheet as the table keeps it: the sheet and its hands, checking and changing a game
(set-up, players, merges of two phones' saves, undo), statistics over a season, and a game as a
document. The rules themselves are in referee/."""
