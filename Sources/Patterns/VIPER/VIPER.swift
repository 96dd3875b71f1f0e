// Placeholder while the VIPER module is written.
