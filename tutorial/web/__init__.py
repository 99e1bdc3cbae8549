"""The web layer: Flask app factory, languages, and one blueprint per area of the site."""
