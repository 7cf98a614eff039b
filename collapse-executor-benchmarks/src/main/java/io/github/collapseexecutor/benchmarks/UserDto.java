package io.github.collapseexecutor.benchmarks;

import java.util.ArrayList;
import java.util.List;

/**
 * A user as a generated application's service returns it: a mutable DTO with setters, which
 * Jackson copies faithfully, for the benchmarks of what a caller that joined a run pays for its
 * copy.
 */
public class UserDto {

  private Long id;
  private String name;
  private String email;
  private List<String> roles = new ArrayList<>();

  public UserDto() {}

  /** Returns the user numbered {@code id}, with one role. */
  public static UserDto numbered(long id) {
    UserDto user = new UserDto();
    user.id = id;
    user.name = "user " + id;
    user.email = "user" + id + "@example.com";
    user.roles.add("USER");
    return user;
  }

  public Long getId() {
    return id;
  }

  public void setId(Long id) {
    this.id = id;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getEmail() {
    return email;
  }

  public void setEmail(String email) {
    this.email = email;
  }

  public List<String> getRoles() {
    return roles;
  }

  public void setRoles(List<String> roles) {
    this.roles = roles;
  }
}
