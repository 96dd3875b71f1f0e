// Placeholder while the MVC module is written.
