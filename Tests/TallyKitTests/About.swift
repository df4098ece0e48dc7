// In-process tests of TallyKit: its rules and reports against the in-memory repository.
