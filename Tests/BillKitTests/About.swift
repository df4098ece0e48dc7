// In-process tests of BillKit: its rules and reports against the in-memory repository.
