// In-process tests of TillKit: its rules and reports against the in-memory repository.
