// In-process tests of PortfolioKit: its rules and reports against the in-memory repository.
