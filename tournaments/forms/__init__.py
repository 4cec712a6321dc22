"""Forms: they check the shape of what is typed; services and the engine decide the rest."""
