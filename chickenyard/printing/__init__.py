"""Printed score sheets, blank or filled: what a sheet shows (sheet.py), its page layout and drawn
domino faces (layout.py), the PDF drawn from it (pdf.py), and the print view, stylesheet and PDF
routes (views.py).

One layout serves the print view in a browser and the PDF: WeasyPrint renders the same template.
"""
from .layout import LayoutError, pip_positions

__all__ = ["LayoutError", "pip_positions"]
