// PortfolioKit: the library of portfolio. Its model, rules, reports as values and the repository it
// needs with its adapters; no command line, so an app can link it.
