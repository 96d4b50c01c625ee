"""Measuring tools, never imported by the site: the page benchmark (`python -m bench.pages`,
`make bench`) and the load test (`python -m bench.load`, `make load`)."""
