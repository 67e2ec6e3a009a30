"""What is kept on the table's machine: the SQLite database (connections, transactions, numbered
migrations, backup), the writes of a saved hand or a new game, photos and Castle Rock games, and
the instance folder beside them."""
