"""The app's pages, one blueprint per area of the table."""


def register_blueprints(app) -> None:
    from ...game.typed import RowId
    from ...printing import views as printing
    app.url_map.converters["int"] = RowId     # before any route is made with it
    from . import castle_rock, game_settings, games, hands, photos, players, referee, sharing, transfer
    app.register_blueprint(games.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(game_settings.bp)
    app.register_blueprint(transfer.bp)
    app.register_blueprint(sharing.bp)
    app.register_blueprint(referee.bp)
    app.register_blueprint(printing.bp)
    app.register_blueprint(photos.bp)
    app.register_blueprint(castle_rock.bp)
    app.register_blueprint(players.bp)
