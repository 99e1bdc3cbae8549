"""The site's own plumbing: the Flask app factory, the home and error pages, configuration, assets, security headers,
rate limits and the production server (docs/architecture.md)."""
