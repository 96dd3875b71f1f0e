// Placeholder while the MVP module is written.
