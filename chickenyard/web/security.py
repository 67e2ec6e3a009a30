"""CSRF protection for every form and htmx request (Flask-WTF)."""
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
