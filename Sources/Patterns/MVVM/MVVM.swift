// Placeholder while the MVVM module is written.
